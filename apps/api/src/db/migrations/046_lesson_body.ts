import type { Kysely } from "kysely";

// A lesson's rich-text body (issue 22): formatted reading shown above its files, sanitised like
// question text on every write. Existing lessons start with an empty body. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("lessons")
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("lessons").dropColumn("body").execute();
}
