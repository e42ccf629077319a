import type { Kysely } from "kysely";

/**
 * The instructor workspace pages every material of the courses one manages (admins: all of them)
 * newest first; with this index a page is read in order instead of sorting the whole table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("materials_created_idx").on("materials").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("materials_created_idx").execute();
}
