import type { Kysely } from "kysely";

// The course completion rule (issue 21): a course is complete once every file of its published
// lessons is done and, unless its managers turn that off, every published assessment marked required
// is passed. Both flags default to on, so existing courses ask for their assessments from now on
// (completions already recorded stay). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("courses")
    .addColumn("completion_requires_assessments", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("assessments")
    .addColumn("required_for_completion", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("assessments").dropColumn("required_for_completion").execute();
  await db.schema.alterTable("courses").dropColumn("completion_requires_assessments").execute();
}
