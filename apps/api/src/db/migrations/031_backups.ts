import type { Kysely } from "kysely";

// Backups (issue 11): one row per backup (who, when, size, checksum, outcome), and a one-row lock
// so a single backup runs at a time across every process sharing the database. The creator is a
// name snapshot without a foreign key, so a restore can empty the users table without touching
// this history. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("backups")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("trigger", "text", (c) => c.notNull())
    .addColumn("created_by", "varchar(24)")
    .addColumn("created_by_name", "text")
    .addColumn("storage_key", "text")
    .addColumn("size", "bigint")
    .addColumn("sha256", "text")
    .addColumn("tables", "integer")
    .addColumn("rows", "bigint")
    .addColumn("files", "integer")
    .addColumn("error", "text")
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("removed_at", "text")
    .execute();
  await db.schema.createIndex("backups_started_idx").on("backups").columns(["started_at"]).execute();
  await db.schema
    .createTable("backup_lock")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("backup_id", "varchar(24)", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("backup_lock").ifExists().execute();
  await db.schema.dropTable("backups").ifExists().execute();
}
