import type { contactMessageInputSchema, Locale } from "@eventwerk/contract";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { enqueueMail, type mailJobSchema } from "./outbox.ts";

/**
 * Stores a message of the contact form (a signed-in sender's belongs to their account) and, in
 * the same transaction, queues its mail to the operator: the outbox sends it and tries again
 * while the mail server fails, and the visitor does not wait for it.
 */
export async function storeContactMessage(
  db: Database,
  message: z.output<typeof contactMessageInputSchema>,
  locale: Locale,
  userId: string | null,
  mail: z.input<typeof mailJobSchema> | null,
) {
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(contactMessages)
      .values({ ...message, locale, userId })
      .returning({ id: contactMessages.id });
    if (mail) await enqueueMail(tx, mail, `contact-mail:${stored!.id}`);
  });
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
