import { eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { oauthClients } from "../db/schema.ts";
import { hashClientSecret } from "./passwords.ts";

/** The web front end's OAuth client follows the configured id and secret. */
export async function ensureWebClient(db: Database, config: Config) {
  const [existing] = await db
    .select()
    .from(oauthClients)
    .where(eq(oauthClients.id, config.OAUTH_CLIENT_ID));
  const secretHash = hashClientSecret(config.OAUTH_CLIENT_SECRET);
  if (existing?.secretHash === secretHash) return;
  const values = {
    id: config.OAUTH_CLIENT_ID,
    name: "Eventwerk web",
    secretHash,
    grants: ["password", "refresh_token", "client_credentials"],
  };
  await db
    .insert(oauthClients)
    .values(values)
    .onConflictDoUpdate({
      target: oauthClients.id,
      set: { secretHash: values.secretHash, grants: values.grants },
    });
}
