import type { Kysely } from "kysely";

// Personal preferences saved to the account (issue 12), as one validated JSON document per user.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("user_preferences")
    .addColumn("user_id", "varchar(24)", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("user_preferences").ifExists().execute();
}
