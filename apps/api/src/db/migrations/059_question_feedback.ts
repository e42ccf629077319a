import type { Kysely } from "kysely";

// A question's feedback (issue 24): sanitised rich text shown to the learner with the question's result
// once the attempt is graded and its answers are released; QTI modal feedback and QTI 1.2 itemfeedback
// are read into it. Null when the question has none. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("assessment_questions").addColumn("feedback", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("assessment_questions").dropColumn("feedback").execute();
}
