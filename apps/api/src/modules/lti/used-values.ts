import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

/**
 * One-time values (authorization-request nonces, deep-linking response nonces, client-assertion jtis,
 * message hints): the first use stores the value until it expires, any later use is refused. Expired
 * rows are cleared on the way.
 * Returns false when the value was already used.
 */
export async function useOnce(db: Kysely<Database>, value: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.deleteFrom("lti_used_values").where("expires_at", "<", now.toISOString()).execute();
  const inserted = await db
    .insertInto("lti_used_values")
    .values({ value: value.slice(0, 400), expires_at: expiresAt.toISOString() })
    .onConflict((oc) => oc.column("value").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
