import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum("role", ["visitor", "organiser", "admin"]);
export const approvalStatusEnum = pgEnum("approval_status", ["pending", "approved", "rejected"]);
export const menuPlacementEnum = pgEnum("menu_placement", ["header", "footer"]);
export const localeEnum = pgEnum("locale", ["de", "en"]);

export const languages = pgTable("languages", {
  id: serial("id").primaryKey(),
  locale: localeEnum("locale").notNull().unique(),
  name: text("name").notNull(),
  flag: text("flag").notNull(),
  sortOrder: smallint("sort_order").notNull().default(0),
});

export const countries = pgTable("countries", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  nameDe: text("name_de").notNull(),
  nameEn: text("name_en").notNull(),
  phoneCode: text("phone_code").notNull(),
});

export const cities = pgTable(
  "cities",
  {
    id: serial("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    nameDe: text("name_de").notNull(),
    nameEn: text("name_en").notNull(),
    postalCode: text("postal_code").notNull(),
  },
  (t) => [index("cities_country_idx").on(t.countryId)],
);

export const districts = pgTable(
  "districts",
  {
    id: serial("id").primaryKey(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id),
    nameDe: text("name_de").notNull(),
    nameEn: text("name_en").notNull(),
  },
  (t) => [index("districts_city_idx").on(t.cityId)],
);

export const companyCategories = pgTable("company_categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  nameDe: text("name_de").notNull(),
  nameEn: text("name_en").notNull(),
  sortOrder: smallint("sort_order").notNull().default(0),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    surname: text("surname").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    passwordHash: text("password_hash").notNull(),
    role: roleEnum("role").notNull().default("visitor"),
    preferredLocale: localeEnum("preferred_locale").notNull().default("de"),
    newsletter: boolean("newsletter").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  },
  // Emails are unique whatever their case.
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const organiserProfiles = pgTable("organiser_profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  companyName: text("company_name").notNull(),
  companyCategoryId: integer("company_category_id")
    .notNull()
    .references(() => companyCategories.id),
  taxNumber: text("tax_number").notNull(),
  addressLine: text("address_line").notNull(),
  postalCode: text("postal_code").notNull(),
  countryId: integer("country_id")
    .notNull()
    .references(() => countries.id),
  cityId: integer("city_id")
    .notNull()
    .references(() => cities.id),
  districtId: integer("district_id").references(() => districts.id),
  approvalStatus: approvalStatusEnum("approval_status").notNull().default("pending"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const oauthClients = pgTable("oauth_clients", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  secretHash: text("secret_hash").notNull(),
  grants: text("grants").array().notNull(),
  createdAt: createdAt(),
});

/** A login session: the family its rotated refresh tokens belong to. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /**
     * The refresh token that replaced this one, encrypted with a key derived from this one
     * (lib/sessions.ts): only this token's holder can read it, during the grace window after use.
     */
    successorSealed: text("successor_sealed"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    recipient: text("recipient").notNull(),
    line: text("line").notNull(),
    postalCode: text("postal_code").notNull(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id),
    districtId: integer("district_id").references(() => districts.id),
    phone: text("phone"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId),
    // At most one default address per user.
    uniqueIndex("addresses_one_default_idx").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const pages = pgTable("pages", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  menu: menuPlacementEnum("menu").notNull(),
  sortOrder: smallint("sort_order").notNull().default(0),
  titleDe: text("title_de").notNull(),
  titleEn: text("title_en").notNull(),
  slugDe: text("slug_de").notNull().unique(),
  slugEn: text("slug_en").notNull().unique(),
  bodyDe: text("body_de").notNull(),
  bodyEn: text("body_en").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A single row (id 1): the operator's contact data shown on the site. */
export const contactSettings = pgTable("contact_settings", {
  id: smallint("id").primaryKey().default(1),
  companyName: text("company_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  street: text("street").notNull(),
  postalCode: text("postal_code").notNull(),
  city: text("city").notNull(),
  countryDe: text("country_de").notNull(),
  countryEn: text("country_en").notNull(),
  openingHoursDe: text("opening_hours_de").notNull(),
  openingHoursEn: text("opening_hours_en").notNull(),
});

export const currencies = pgTable("currencies", {
  code: text("code").primaryKey(),
  nameDe: text("name_de").notNull(),
  nameEn: text("name_en").notNull(),
  symbol: text("symbol").notNull(),
  decimals: smallint("decimals").notNull().default(2),
  isDefault: boolean("is_default").notNull().default(false),
});

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  locale: localeEnum("locale").notNull(),
  createdAt: createdAt(),
});

// --- Catalogue: what visitors discover. Search vectors and trigram indexes live in the
// migration (generated columns), as drizzle-kit has no tsvector type.

export const eventStatusEnum = pgEnum("event_status", ["draft", "published", "cancelled"]);

export const eventCategories = pgTable("event_categories", {
  id: serial("id").primaryKey(),
  slugDe: text("slug_de").notNull().unique(),
  slugEn: text("slug_en").notNull().unique(),
  nameDe: text("name_de").notNull(),
  nameEn: text("name_en").notNull(),
  /** Base name of the bundled artwork, e.g. `concerts`. */
  image: text("image").notNull(),
  sortOrder: smallint("sort_order").notNull().default(0),
});

export const venues = pgTable(
  "venues",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    addressLine: text("address_line").notNull(),
    postalCode: text("postal_code").notNull(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
  },
  (t) => [index("venues_city_idx").on(t.cityId)],
);

export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    slugDe: text("slug_de").notNull(),
    slugEn: text("slug_en").notNull(),
    titleDe: text("title_de").notNull(),
    titleEn: text("title_en").notNull(),
    descriptionDe: text("description_de").notNull(),
    descriptionEn: text("description_en").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => eventCategories.id),
    venueId: integer("venue_id")
      .notNull()
      .references(() => venues.id),
    organiserId: uuid("organiser_id")
      .notNull()
      .references(() => users.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Base name of the cover artwork; sizes are files `<name>-<width>.webp`. */
    coverImage: text("cover_image").notNull(),
    status: eventStatusEnum("status").notNull().default("draft"),
    ageLimit: smallint("age_limit"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("events_listing_idx").on(t.status, t.startsAt),
    index("events_category_idx").on(t.categoryId),
    index("events_venue_idx").on(t.venueId),
  ],
);

export const eventTicketTypes = pgTable(
  "event_ticket_types",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    nameDe: text("name_de").notNull(),
    nameEn: text("name_en").notNull(),
    priceCents: integer("price_cents").notNull(),
    discountPriceCents: integer("discount_price_cents"),
    capacity: integer("capacity").notNull(),
    soldCount: integer("sold_count").notNull().default(0),
    salesStart: timestamp("sales_start", { withTimezone: true }),
    salesEnd: timestamp("sales_end", { withTimezone: true }),
    maxPerOrder: smallint("max_per_order").notNull().default(10),
    sortOrder: smallint("sort_order").notNull().default(0),
  },
  (t) => [index("event_ticket_types_event_idx").on(t.eventId)],
);

// Orders and tickets. The purchase flow writes them; the account area and the door read them.
export const orderStatusEnum = pgEnum("order_status", ["pending", "paid", "cancelled", "refunded"]);
export const entryTypeEnum = pgEnum("entry_type", ["entry", "exit"]);

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** Null once the buyer deleted their account: the order stays for accounting. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The buyer as invoiced, copied at purchase (anonymised when the account is deleted). */
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    status: orderStatusEnum("status").notNull().default("pending"),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    locale: localeEnum("locale").notNull().default("de"),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [index("orders_user_idx").on(t.userId)],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    ticketTypeId: integer("ticket_type_id")
      .notNull()
      .references(() => eventTicketTypes.id),
    quantity: smallint("quantity").notNull(),
    /** Prices per ticket at purchase, in cents. */
    unitPriceCents: integer("unit_price_cents").notNull(),
    discountCents: integer("discount_cents"),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

export const tickets = pgTable(
  "tickets",
  {
    id: serial("id").primaryKey(),
    /** Random and unguessable: the QR code carries it and the door looks it up. */
    code: text("code").notNull().unique(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    ticketTypeId: integer("ticket_type_id")
      .notNull()
      .references(() => eventTicketTypes.id),
    /** The holder; null after they deleted their account. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    ticketPriceCents: integer("ticket_price_cents").notNull(),
    discountCents: integer("discount_cents"),
    createdAt: createdAt(),
  },
  (t) => [
    index("tickets_user_idx").on(t.userId, t.createdAt),
    index("tickets_ticket_type_idx").on(t.ticketTypeId),
  ],
);

export const eventLogs = pgTable(
  "event_logs",
  {
    id: serial("id").primaryKey(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    entryType: entryTypeEnum("entry_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("event_logs_ticket_idx").on(t.ticketId)],
);
