import type { Address, addressInputSchema, addressUpdateSchema, Locale } from "@eventwerk/contract";
import { and, desc, eq, isNull, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Database, Transaction } from "../db/client.ts";
import { addresses, cities, countries, districts, users } from "../db/schema.ts";
import { pick } from "./geo.ts";

type Db = Database | Transaction;
/** An address as the contract parsed it. */
export type AddressInput = z.output<typeof addressInputSchema>;
type AddressUpdate = z.output<typeof addressUpdateSchema>;

/** The user's addresses with place names; every query is scoped to the owner. */
export async function listAddresses(
  db: Db,
  userId: string,
  locale: Locale,
  id?: number,
): Promise<Address[]> {
  const rows = await db
    .select({ address: addresses, country: countries, city: cities, district: districts })
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .innerJoin(cities, eq(cities.id, addresses.cityId))
    .leftJoin(districts, eq(districts.id, addresses.districtId))
    .where(and(eq(addresses.userId, userId), id === undefined ? undefined : eq(addresses.id, id)))
    .orderBy(desc(addresses.isDefault), addresses.id);
  return rows.map(({ address, country, city, district }) => ({
    id: address.id,
    title: address.title,
    recipient: address.recipient,
    line: address.line,
    postal_code: address.postalCode,
    country_id: address.countryId,
    country_name: pick(country, locale),
    city_id: address.cityId,
    city_name: pick(city, locale),
    district_id: address.districtId,
    district_name: district ? pick(district, locale) : null,
    phone: address.phone,
    is_default: address.isDefault,
    created_at: address.createdAt.toISOString(),
    updated_at: address.updatedAt.toISOString(),
  }));
}

async function clearDefault(db: Db, userId: string, exceptId: number) {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(
      and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, exceptId)),
    );
}

/**
 * Serialises a user's address writes: without it, two concurrent writes that both set a default
 * collide on the one-default index and one of them fails with a 500.
 */
async function lockOwner(tx: Transaction, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

const placeColumns = (input: AddressInput) => ({
  title: input.title,
  recipient: input.recipient,
  line: input.line,
  postalCode: input.postal_code,
  countryId: input.country_id,
  cityId: input.city_id,
  districtId: input.district_id ?? null,
  phone: input.phone ?? null,
});

/** Adds an address inside the caller's transaction; the first one, or one asked to be, is the default. */
async function insertAddress(tx: Transaction, userId: string, input: AddressInput) {
  await lockOwner(tx, userId);
  const existing = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .limit(1);
  const isDefault = input.is_default === true || existing.length === 0;
  const [row] = await tx
    .insert(addresses)
    .values({ userId, ...placeColumns(input), isDefault: false })
    .returning({ id: addresses.id });
  if (isDefault) {
    await clearDefault(tx, userId, row!.id);
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, row!.id));
  }
  return row!.id;
}

/** Adds an address and answers its id. */
export async function addAddress(db: Database, userId: string, input: AddressInput) {
  return db.transaction((tx) => insertAddress(tx, userId, input));
}

/**
 * Keeps an address typed elsewhere (the checkout) in the user's book, inside the caller's
 * transaction, and answers its id. An identical entry is answered instead of a second one, so a
 * retried post saves once; the owner's lock makes two concurrent retries see each other.
 */
export async function keepAddress(tx: Transaction, userId: string, input: AddressInput) {
  await lockOwner(tx, userId);
  const columns = placeColumns(input);
  const [same] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.title, columns.title),
        eq(addresses.recipient, columns.recipient),
        eq(addresses.line, columns.line),
        eq(addresses.postalCode, columns.postalCode),
        eq(addresses.countryId, columns.countryId),
        eq(addresses.cityId, columns.cityId),
        columns.districtId === null
          ? isNull(addresses.districtId)
          : eq(addresses.districtId, columns.districtId),
        columns.phone === null ? isNull(addresses.phone) : eq(addresses.phone, columns.phone),
      ),
    )
    .limit(1);
  return same ? same.id : insertAddress(tx, userId, input);
}

/** Changes one of the user's addresses (a no-op for someone else's). */
export async function updateAddress(db: Database, userId: string, input: AddressUpdate) {
  await db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    if (input.is_default === true) await clearDefault(tx, userId, input.id);
    await tx
      .update(addresses)
      .set({
        ...placeColumns(input),
        // The default can be moved to another address, not switched off.
        ...(input.is_default === true ? { isDefault: true } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(addresses.id, input.id), eq(addresses.userId, userId)));
  });
}

/**
 * Deletes one of the user's addresses, answering false when they have none with this id. When
 * the default goes, the newest remaining address becomes the default.
 */
export async function deleteAddress(db: Database, userId: string, id: number): Promise<boolean> {
  // A refused delete (someone else's id, or none) answers before the owner's row is locked, so
  // it takes no transaction id; the delete below still checks the owner under the lock.
  const [own] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!own) return false;
  return db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const [deleted] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!deleted) return false;
    if (deleted.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1);
      if (next)
        await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
    return true;
  });
}
