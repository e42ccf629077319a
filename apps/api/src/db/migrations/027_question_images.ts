import type { Kysely } from "kysely";

// Question images (issue 10): the detected type of the image stored under `image_key`, and its alt
// text for screen readers. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("assessment_questions").addColumn("image_mime", "text").execute();
  await db.schema.alterTable("assessment_questions").addColumn("image_alt", "text").execute();
}
