import type { Kysely } from "kysely";

// Deleting a user keeps their activity entries (user_id becomes null); the entry keeps the name
// they had, so the log still says who acted (issue 11). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("activities").addColumn("user_name", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("activities").dropColumn("user_name").execute();
}
