import { type Kysely, PostgresAdapter, type RawBuilder, sql } from "kysely";
import { nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { logActivities } from "../activities/repo.js";
import { issueCertificates } from "../certificates/issue.js";
import { adjustCourseCounters } from "../enrollments/repo.js";
import { recordStatements, xapiPaths } from "../xapi/record.js";

type Db = Kysely<Database>;

/** Whose completion to decide again: a course's learners, or some of them. */
export interface CompletionScope {
  courseId: string;
  userIds?: readonly string[];
}

/** A learner's counted score on an assessment meets its pass mark (none: any graded attempt passes). */
export const passedScore = (score: string, possible: string, passingScore: string) =>
  sql<boolean>`(${sql.ref(passingScore)} is null or ${sql.ref(score)} * 100 >= ${sql.ref(passingScore)} * ${sql.ref(possible)})`;

/** What the course's completion rule asks for: every file of its published lessons, and its required assessments. */
export async function requiredItems(db: Db, courseId: string) {
  const row = await db
    .selectFrom("courses")
    .select((eb) => [
      "courses.completion_requires_assessments as rule",
      eb
        .selectFrom("lesson_files")
        .innerJoin("lessons", "lessons.id", "lesson_files.lesson_id")
        .select(eb.fn.countAll().as("n"))
        .where("lesson_files.course_id", "=", courseId)
        .where("lessons.is_published", "=", 1)
        .as("files"),
      eb
        .selectFrom("assessments")
        .select(eb.fn.countAll().as("n"))
        .where("assessments.course_id", "=", courseId)
        .where("assessments.published", "=", 1)
        .where("assessments.required_for_completion", "=", 1)
        .as("assessments"),
    ])
    .where("courses.id", "=", courseId)
    .executeTakeFirst();
  const requireAssessments = row?.rule === 1;
  return {
    requireAssessments,
    total: Number(row?.files ?? 0) + (requireAssessments ? Number(row?.assessments ?? 0) : 0),
  };
}

/** Per `enrollments` row: the files of published lessons its learner finished and the required assessments passed. */
function doneItems(requireAssessments: boolean): RawBuilder<number> {
  const files = sql<number>`(select count(*) from lesson_progress
    inner join lessons on lessons.id = lesson_progress.lesson_id
    where lesson_progress.user_id = enrollments.user_id
      and lesson_progress.course_id = enrollments.course_id
      and lesson_progress.completed = 1
      and lessons.is_published = 1)`;
  if (!requireAssessments) return files;
  return sql<number>`(${files} + (select count(*) from learner_scores
    inner join assessments on assessments.id = learner_scores.assessment_id
    where learner_scores.user_id = enrollments.user_id
      and learner_scores.course_id = enrollments.course_id
      and assessments.published = 1
      and assessments.required_for_completion = 1
      and ${passedScore("learner_scores.score", "learner_scores.possible", "assessments.passing_score")}))`;
}

/** `percentage` below in SQL: 100 only once everything is done. */
function storedPercentage(db: Db, done: RawBuilder<number>, total: number): RawBuilder<number> {
  if (total === 0) return sql<number>`0`;
  const least = db.getExecutor().adapter instanceof PostgresAdapter ? sql.raw("least") : sql.raw("min");
  return sql<number>`case when ${done} >= ${sql.lit(total)} then 100
    else ${least}(99, cast(round(100.0 * ${done} / ${sql.lit(total)}) as integer)) end`;
}

/** The share of the rule's items done, in whole percent; 100 only once all are done. */
export const percentage = (done: number, total: number): number =>
  total === 0 ? 0 : done >= total ? 100 : Math.min(99, Math.round((100 * done) / total));

/**
 * Decides the scope's completion from the course's rule, in the transaction of the change that may
 * move it (a view, a graded attempt, an assessment published or made optional, a lesson added or
 * removed, the rule changed): their stored progress is the rule's progress, and a learner who now
 * meets every item is completed once, counted once, logged once and given its certificate once. A completion already recorded
 * stays when the rule later asks for more: it is a record of what was earned. Counted in SQL, a
 * statement per step, whatever the size of the course.
 */
export async function settleCompletion(db: Db, scope: CompletionScope): Promise<void> {
  if (scope.userIds?.length === 0) return;
  const { courseId, userIds } = scope;
  const { requireAssessments, total } = await requiredItems(db, courseId);
  const done = doneItems(requireAssessments);
  const inScope = userIds ? sql`and user_id in (${sql.join(userIds)})` : sql``;
  await sql`update enrollments set progress = ${storedPercentage(db, done, total)}
    where course_id = ${courseId} ${inScope}`.execute(db);
  if (total === 0) return;
  const now = nowIso();
  const { rows } = await sql<{ user_id: string }>`update enrollments set status = 'completed', completed_at = ${now}
    where course_id = ${courseId} ${inScope} and status <> 'completed' and ${done} >= ${sql.lit(total)}
    returning user_id`.execute(db);
  if (rows.length === 0) return;
  await adjustCourseCounters(db, courseId, { completions: rows.length });
  const course = await db.selectFrom("courses").select("title").where("id", "=", courseId).executeTakeFirst();
  await logActivities(
    db,
    rows.map((row) => ({
      userId: row.user_id,
      type: "course_completion" as const,
      title: `Completed ${course?.title ?? ""}`,
      courseId,
    })),
  );
  await recordStatements(
    db,
    rows.map((row) => ({
      userId: row.user_id,
      verb: "completed" as const,
      object: { type: "course" as const, path: xapiPaths.course(courseId), name: course?.title ?? courseId },
      courseId,
      result: { completion: true },
      at: now,
    })),
  );
  await issueCertificates(
    db,
    courseId,
    rows.map((row) => row.user_id),
    now,
  );
}
