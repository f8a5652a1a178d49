import type { contactMessageInputSchema, Locale } from "@eventwerk/contract";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";

/** Stores a message of the contact form; a signed-in sender's belongs to their account. */
export async function storeContactMessage(
  db: Database,
  message: z.output<typeof contactMessageInputSchema>,
  locale: Locale,
  userId: string | null,
) {
  await db.insert(contactMessages).values({ ...message, locale, userId });
}

/** The messages a user sent, oldest first, as the privacy download shows them. */
export async function listContactMessages(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.userId, userId))
    .orderBy(contactMessages.createdAt);
  return rows.map((message) => ({
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    created_at: message.createdAt.toISOString(),
  }));
}
