import type { Kysely } from "kysely";

// The students' progress list counts each learner's handed-in work on its page: 25
// learners × the course's assessments probed by (user, assessment). Whether an attempt counts needs
// its state and, while in progress, its deadline; the gradebook's index holds no deadline, so each
// probe also read the attempt's row. This index answers the count by itself. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("assessment_attempts_handed_in_idx")
    .on("assessment_attempts")
    .columns(["user_id", "assessment_id", "state", "deadline_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("assessment_attempts_handed_in_idx").ifExists().execute();
}
