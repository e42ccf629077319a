import type { Kysely } from "kysely";

// CSV user imports (issue 11): one row per import, written when it starts and when it ends; the
// users themselves are written all or nothing. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("user_imports")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("admin_id", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("created", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("enrolled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("invited", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("user_imports").ifExists().execute();
}
