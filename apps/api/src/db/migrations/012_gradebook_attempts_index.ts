import type { Kysely } from "kysely";

/**
 * The gradebook reads every attempt of a page of learners on a course's assessments (25 × 40
 * cells a page; 500 learners a batch in the CSV export). Carrying the columns it needs makes that
 * read index-only, in (user, assessment, attempt number) order. It replaces the (user_id,
 * assessment_id) index, which it starts with. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("assessment_attempts_gradebook_idx")
    .on("assessment_attempts")
    .columns(["user_id", "assessment_id", "number", "state", "score", "max_points", "late"])
    .execute();
  await db.schema.dropIndex("assessment_attempts_user_idx").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("assessment_attempts_user_idx")
    .on("assessment_attempts")
    .columns(["user_id", "assessment_id"])
    .execute();
  await db.schema.dropIndex("assessment_attempts_gradebook_idx").execute();
}
