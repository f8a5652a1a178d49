import {
  approvalStatuses,
  doorModes,
  entryTypes,
  eventStatuses,
  locales,
  menuPlacements,
  refundReasons,
  roles,
  scanResults,
  voucherKinds,
} from "@eventwerk/contract";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum("role", roles);
export const approvalStatusEnum = pgEnum("approval_status", approvalStatuses);
export const menuPlacementEnum = pgEnum("menu_placement", menuPlacements);
export const localeEnum = pgEnum("locale", locales);

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
    /** When the owner of `email` followed its verification link; null while unverified. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  },
  // Emails are unique whatever their case.
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const organiserProfiles = pgTable(
  "organiser_profiles",
  {
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
    /** The operator's reason for a rejection or suspension, shown to the organiser. */
    reviewNote: text("review_note"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** Set while the operator has suspended the organiser: their events are hidden, sales stop. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The operator's lists, a page at a time in application order (`listOrganisers`); the
  // trigram indexes of its search are in migration 0033.
  (t) => [
    index("organiser_profiles_status_idx").on(t.approvalStatus, t.createdAt, t.userId),
    index("organiser_profiles_suspended_idx")
      .on(t.createdAt, t.userId)
      .where(sql`${t.suspendedAt} is not null`),
  ],
);

export const oauthClients = pgTable("oauth_clients", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  secretHash: text("secret_hash").notNull(),
  grants: text("grants").array().notNull(),
  createdAt: createdAt(),
});

/**
 * Browsers that signed in to an account, by their device token's SHA-256 (a browser keeps one
 * token for every account signed in on it). While wrong passwords make the account back off,
 * these still get their passwords checked (lib/login-devices.ts).
 */
export const loginDevices = pgTable(
  "login_devices",
  {
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.userId] }),
    index("login_devices_user_idx").on(t.userId, t.usedAt),
  ],
);

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

export const emailTokenPurposeEnum = pgEnum("email_token_purpose", ["verify", "change"]);

/**
 * Emailed links that prove an address: `verify` confirms the account's own address, `change`
 * moves the account to `email`. Stored as the token's SHA-256; single use.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: emailTokenPurposeEnum("purpose").notNull(),
    /** The address the link was mailed to: the account's own, or the one it moves to. */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_tokens_user_idx").on(t.userId)],
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

export const eventStatusEnum = pgEnum("event_status", eventStatuses);

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
    /** The organiser who created it in the panel; null: a shared venue every organiser may use. */
    organiserId: uuid("organiser_id").references(() => users.id, { onDelete: "set null" }),
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
    /** Unpublished when its organiser was suspended: published again when they are reinstated. */
    hiddenBySuspension: boolean("hidden_by_suspension").notNull().default(false),
    /**
     * Totals of its ticket types (sold; lowest and highest price, discount applied), kept by
     * triggers on `event_ticket_types` (migration 0010): never written by the application.
     */
    ticketsSold: integer("tickets_sold").notNull().default(0),
    priceFrom: integer("price_from"),
    priceMax: integer("price_max"),
    /** The last change of its start or venue: the notice of an earlier one waits for it. */
    scheduleChangedAt: timestamp("schedule_changed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("events_listing_idx").on(t.status, t.startsAt),
    index("events_organiser_idx").on(t.organiserId),
    index("events_category_idx").on(t.categoryId),
    index("events_venue_idx").on(t.venueId),
    // Bounded catalogue reads at scale: pages in date order stop after their rows, and counts of
    // upcoming events per category or venue read only the index. `ends_at` (and `status`) after
    // the order, so "not ended yet" is tested on the index entry, without visiting the row.
    index("events_visible_order_idx")
      .on(t.startsAt, t.id, t.endsAt)
      .where(sql`${t.status} in ('published', 'cancelled')`),
    index("events_category_upcoming_idx")
      .on(t.categoryId, t.startsAt, t.endsAt, t.status)
      .where(sql`${t.status} in ('published', 'cancelled')`),
    index("events_venue_upcoming_idx")
      .on(t.venueId, t.startsAt, t.endsAt, t.status)
      .where(sql`${t.status} in ('published', 'cancelled')`),
    // "Popular" and "by price" over all upcoming events: walked in order, stopped after the page.
    index("events_popular_idx")
      .on(t.ticketsSold.desc(), t.startsAt, t.id, t.endsAt)
      .where(sql`${t.status} in ('published', 'cancelled')`),
    index("events_price_idx")
      .on(t.priceFrom, t.startsAt, t.id, t.endsAt)
      .where(sql`${t.status} in ('published', 'cancelled')`),
    // The current month's part of a category's or city's upcoming count (migration 0021).
    index("events_category_end_idx")
      .on(t.categoryId, t.endsAt)
      .where(sql`${t.status} = 'published'`),
    index("events_venue_end_idx").on(t.venueId, t.endsAt).where(sql`${t.status} = 'published'`),
    // The sitemap's pages of upcoming published events by id (migration 0032): "not ended yet"
    // tested on the index entry, so past events and the rows before a page cost no row reads.
    index("events_sitemap_idx").on(t.id, t.endsAt).where(sql`${t.status} = 'published'`),
  ],
);

/**
 * Published events per category and per city by the month (UTC) their end falls in, kept by
 * triggers on `events` and `venues` (migration 0021): a count of upcoming events reads the later
 * months here instead of counting every event.
 */
export const categoryEventMonths = pgTable(
  "category_event_months",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => eventCategories.id, { onDelete: "cascade" }),
    month: timestamp("month", { withTimezone: true }).notNull(),
    published: integer("published").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.month] })],
);

export const cityEventMonths = pgTable(
  "city_event_months",
  {
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id, { onDelete: "cascade" }),
    month: timestamp("month", { withTimezone: true }).notNull(),
    published: integer("published").notNull(),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.month] })],
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
    /** VAT rate in percent contained in the price (0–25, one decimal; migration 0012). */
    vatPercent: numeric("vat_percent", { precision: 3, scale: 1, mode: "number" })
      .notNull()
      .default(19),
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
/**
 * pending: seats held until `hold_expires_at` (and paid for, once placed); paid: tickets issued;
 * failed / cancelled: the payment did not go through; expired: the hold ran out unpaid;
 * refunded: the money went back (a payment after the seats were gone, or the organiser).
 * The contract's `orderStatuses`, in the order migration 0000 made the type (enums.test.ts).
 */
export const orderStatusEnum = pgEnum("order_status", [
  "pending",
  "paid",
  "cancelled",
  "refunded",
  "failed",
  "expired",
]);
export const refundReasonEnum = pgEnum("refund_reason", refundReasons);
/** Who gave a failed refund's money back: the operator another way, the provider, the bank. */
export const refundRepaidByEnum = pgEnum("refund_repaid_by", [
  "operator",
  "provider",
  "chargeback",
]);
export const voucherKindEnum = pgEnum("voucher_kind", voucherKinds);
export const entryTypeEnum = pgEnum("entry_type", entryTypes);

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /** Null once the buyer deleted their account: the order stays for accounting. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The buyer as invoiced, copied at purchase (anonymised when the account is deleted). Empty
     * while a guest's hold has no buyer details yet; placing the order needs them.
     */
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    status: orderStatusEnum("status").notNull().default("pending"),
    /**
     * Why the money goes back (the return page says it): set when the refund is decided, with
     * `refundRequestedAt`, and kept with the status `refunded`.
     */
    refundReason: refundReasonEnum("refund_reason"),
    /**
     * When the refund was decided, committed before the provider is asked (`lib/refunds.ts`):
     * from then on the money is owed back, the order's tickets are void and no payment report
     * issues any, until the order is `refunded`.
     */
    refundRequestedAt: timestamp("refund_requested_at", { withTimezone: true }),
    /**
     * When the provider reported that its refund failed (a SEPA account closed since, say): the
     * money went back to the operator's balance, and the operator owes it to the buyer another
     * way (`lib/checkout/refunds.ts`). A second report of it changes nothing; when a retry the
     * provider made settled it and then failed too, it is set again (`refundRepaidBy`).
     */
    refundFailedAt: timestamp("refund_failed_at", { withTimezone: true }),
    /**
     * When a failed refund's money reached the buyer: the operator recorded giving it back another
     * way, the provider made a retry that went through, or the bank took the payment back.
     */
    refundRepaidAt: timestamp("refund_repaid_at", { withTimezone: true }),
    /** Who, with `refundRepaidAt`: a retry the provider made may fail again, and reopen it. */
    refundRepaidBy: refundRepaidByEnum("refund_repaid_by"),
    /** The event the order is for (migration 0024 gave the demo data's older orders theirs). */
    eventId: integer("event_id").references(() => events.id),
    /** Sum of the items at their price after discounts, before the service fee. */
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    /** All discounts of the items together (sale prices and voucher). */
    discountCents: integer("discount_cents").notNull().default(0),
    /** The platform's service fee, shown as its own line. */
    feeCents: integer("fee_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    locale: localeEnum("locale").notNull().default("de"),
    voucherId: integer("voucher_id").references(() => vouchers.id),
    /** The billing address as given at purchase, so later edits of the address book leave it. */
    billingAddress: jsonb("billing_address").$type<BillingAddress>(),
    /** The seats count against the quota while pending and before this moment. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** A retried create with the same key answers this order instead of holding seats again. */
    idempotencyKey: text("idempotency_key").unique(),
    paymentProvider: text("payment_provider"),
    /** The provider's id of the payment (session), unique per provider. */
    paymentReference: text("payment_reference"),
    placedAt: timestamp("placed_at", { withTimezone: true }),
    /**
     * When the reconciliation last asked the provider about the placed order's payment: it asks
     * those never asked first, then those asked longest ago, so every open order gets its turn.
     */
    paymentCheckedAt: timestamp("payment_checked_at", { withTimezone: true }),
    /**
     * When the provider said the payment can no longer succeed (failed, cancelled or expired at
     * the provider): the reconciliation stops asking about it.
     */
    paymentClosedAt: timestamp("payment_closed_at", { withTimezone: true }),
    /**
     * The start and venue its buyer was last told of: what they placed the order for, then each
     * change notice's (`change-notices.ts`). Null until placed.
     */
    toldStartsAt: timestamp("told_starts_at", { withTimezone: true }),
    toldVenueId: integer("told_venue_id").references(() => venues.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    index("orders_user_idx").on(t.userId),
    index("orders_event_idx").on(t.eventId),
    uniqueIndex("orders_payment_reference_idx").on(t.paymentProvider, t.paymentReference),
    // The orders that may hold seats, swept when their hold runs out.
    index("orders_pending_idx").on(t.holdExpiresAt).where(sql`${t.status} = 'pending'`),
    // A limited voucher's uses held now (`resolveVoucher`, `sell_seats`; migration 0019).
    index("orders_pending_voucher_idx")
      .on(t.voucherId, t.holdExpiresAt)
      .where(sql`${t.status} = 'pending' and ${t.voucherId} is not null`),
    // Refunds decided and not yet recorded as done: the reconciliation finishes them.
    index("orders_refund_owed_idx")
      .on(t.refundRequestedAt)
      .where(sql`${t.refundRequestedAt} is not null and ${t.status} <> 'refunded'`),
    // Refunds that failed at the provider and that the operator has not given back yet.
    index("orders_refund_failed_idx")
      .on(t.refundFailedAt)
      .where(sql`${t.refundFailedAt} is not null and ${t.refundRepaidAt} is null`),
  ],
);

export type BillingAddress = {
  recipient: string;
  line: string;
  postal_code: string;
  city: string;
  country: string;
};

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
    /**
     * The price per ticket before any voucher (the organiser's sale price, else the list price),
     * as held: a voucher applied or removed later is reckoned from it, not from the type's price
     * of the moment. Null only on orders closed before migration 0023.
     */
    salePriceCents: integer("sale_price_cents"),
    /** The type's VAT rate when sold: later changes of the type do not rewrite past orders. */
    vatPercent: numeric("vat_percent", { precision: 3, scale: 1, mode: "number" })
      .notNull()
      .default(19),
    /**
     * The order's `hold_expires_at` while it is pending, else null: kept by triggers (migration
     * 0018), so that `held_seats` reads the held items of one ticket type and nothing else.
     */
    heldUntil: timestamp("held_until", { withTimezone: true }),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_ticket_type_idx").on(t.ticketTypeId),
    index("order_items_held_idx")
      .on(t.ticketTypeId, t.heldUntil)
      .where(sql`${t.heldUntil} is not null`),
  ],
);

/** A discount code of one event: a percentage or a fixed amount off each ticket. */
export const vouchers = pgTable(
  "vouchers",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** Matched without regard to case. */
    code: text("code").notNull(),
    kind: voucherKindEnum("kind").notNull(),
    /** Percent (1–100) for `percent`, cents off each ticket for `fixed`. */
    value: integer("value").notNull(),
    /** Only this ticket type is discounted; null: every type of the event. */
    ticketTypeId: integer("ticket_type_id").references(() => eventTicketTypes.id, {
      onDelete: "cascade",
    }),
    /** Orders that may use it; null: unlimited. Held orders count until their hold runs out. */
    maxUses: integer("max_uses"),
    /** Paid orders that used it. */
    usesCount: integer("uses_count").notNull().default(0),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("vouchers_event_code_idx").on(t.eventId, sql`upper(${t.code})`)],
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
    /** Its last move through the door (null: never scanned in), kept from `event_logs` by triggers. */
    lastMove: entryTypeEnum("last_move"),
    createdAt: createdAt(),
  },
  (t) => [
    index("tickets_user_idx").on(t.userId, t.createdAt),
    index("tickets_order_idx").on(t.orderId),
    index("tickets_ticket_type_idx").on(t.ticketTypeId),
  ],
);

/** A ticket's moves through the door: the accepted scans (entry or exit), at the time scanned. */
export const eventLogs = pgTable(
  "event_logs",
  {
    id: serial("id").primaryKey(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    entryType: entryTypeEnum("entry_type").notNull(),
    /** The scan that recorded it; null for moves from before the scanner (the demo data). */
    doorScanId: integer("door_scan_id").references((): AnyPgColumn => doorScans.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [index("event_logs_ticket_idx").on(t.ticketId, t.createdAt)],
);

/**
 * The door's counters per event, in 16 rows by ticket id (so that scanners seldom wait on one
 * row), kept by triggers on `event_logs` (migration 0013): the counters are their sums.
 */
export const doorCounts = pgTable(
  "door_counts",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    shard: smallint("shard").notNull(),
    inside: integer("inside").notNull().default(0),
    entered: integer("entered").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.shard] })],
);

export const doorModeEnum = pgEnum("door_mode", doorModes);
export const scanResultEnum = pgEnum("scan_result", scanResults);

/** A link that opens the scanner for one event without the organiser's password. */
export const doorLinks = pgTable(
  "door_links",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the link's secret: a database reader cannot open the scanner. */
    tokenHash: text("token_hash").notNull().unique(),
    gate: text("gate"),
    mode: doorModeEnum("mode").notNull().default("entry"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * A create call's Idempotency-Key, as its SHA-256, and the secret sealed with the key itself:
     * the creator's retry answers the same link with its secret, a database reader gets neither.
     */
    idempotencyKeyHash: text("idempotency_key_hash"),
    sealedToken: text("sealed_token"),
    createdAt: createdAt(),
  },
  (t) => [
    index("door_links_event_idx").on(t.eventId),
    uniqueIndex("door_links_idempotency_idx").on(t.createdBy, t.idempotencyKeyHash),
  ],
);

/** Every scan at the door, accepted or not: what, where, by which device, when. */
export const doorScans = pgTable(
  "door_scans",
  {
    id: serial("id").primaryKey(),
    /**
     * The device's id of the scan: sending it again to the same event's door records nothing new.
     * Unique per event, so that one event's door never answers with another's scan.
     */
    scanId: uuid("scan_id").notNull(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** Null when the code names no ticket of the database. */
    ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "cascade" }),
    doorLinkId: integer("door_link_id").references(() => doorLinks.id, { onDelete: "set null" }),
    result: scanResultEnum("result").notNull(),
    entryType: entryTypeEnum("entry_type").notNull(),
    gate: text("gate"),
    device: text("device"),
    /** Scanned without the network and sent later. */
    offline: boolean("offline").notNull().default(false),
    /**
     * An offline scan's verdict on the device, as the device sent it. An entry it refused stays
     * refused (the person was turned away) and moves nothing, as an online refusal does
     * (`door_replay`); an exit is judged all the same, since nobody is kept from leaving.
     */
    deviceResult: scanResultEnum("device_result"),
    scannedAt: timestamp("scanned_at", { withTimezone: true }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("door_scans_event_scan_unique").on(t.eventId, t.scanId),
    index("door_scans_event_idx").on(t.eventId, t.scannedAt),
    index("door_scans_ticket_idx").on(t.ticketId),
  ],
);

/** Webhook events received from payment providers, once each: a second delivery is a no-op. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    providerEventId: text("provider_event_id").notNull(),
    type: text("type").notNull(),
    paymentReference: text("payment_reference").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_provider_event_idx").on(t.provider, t.providerEventId)],
);

export const testPaymentStatusEnum = pgEnum("test_payment_status", [
  "open",
  "pending",
  "succeeded",
  "failed",
  "cancelled",
  "refunded",
]);

/**
 * The `test` payment provider's own book: one payment session per order, what its hosted page
 * shows and what its webhooks report. A real provider keeps this on its side.
 */
export const testPayments = pgTable(
  "test_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: testPaymentStatusEnum("status").notNull().default("open"),
    returnUrl: text("return_url").notNull(),
    /** The end of the payment window: an open payment takes no payment after it, as Stripe's. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One payment per order and amount, never changed once made (as a Stripe session): a place
  // asked again for the same amount answers it, another amount gets a payment of its own. A
  // cancelled one (closed by a place that lost a race) is never answered again: the next place
  // of that amount gets a new one, as a new Stripe session.
  (t) => [
    uniqueIndex("test_payments_order_amount_idx")
      .on(t.orderId, t.amountCents, t.currency)
      .where(sql`${t.status} <> 'cancelled'`),
  ],
);

/**
 * Durable jobs (emails, webhook deliveries): written in the same transaction as what causes them,
 * run at least once by a worker of any instance, once per dedup key.
 */
export const outboxJobs = pgTable(
  "outbox_jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    dedupKey: text("dedup_key").notNull().unique(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker claimed the job until then; after a crash another one takes it over. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Given up after too many attempts. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_jobs_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/** Who changed what in the panel (organisers and the operator): shown on the event. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name at the time, kept when the account is gone. */
    actorName: text("actor_name").notNull(),
    /** The organiser whose data changed. */
    organiserId: uuid("organiser_id").references(() => users.id, { onDelete: "set null" }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_event_idx").on(t.eventId, t.createdAt),
    index("audit_log_organiser_idx").on(t.organiserId, t.createdAt),
  ],
);
