import type { Kysely, Selectable, Transaction } from "kysely";
import type {
  AssessmentAnswersTable,
  AssessmentAttemptsTable,
  AssessmentOverridesTable,
  AssessmentQuestionsTable,
  AssessmentsTable,
  Database,
} from "../../db/types.js";
import { settleCompletion } from "../progress/completion.js";
import { refreshScoresOfAttempt, refreshScoresOfCourse } from "./stored-scores.js";

type Db = Kysely<Database> | Transaction<Database>;
export type AssessmentRow = Selectable<AssessmentsTable>;
export type QuestionRow = Selectable<AssessmentQuestionsTable>;
export type AttemptRow = Selectable<AssessmentAttemptsTable>;
export type AnswerRow = Selectable<AssessmentAnswersTable>;

/** An assessment with its course title and its counts of finished attempts and of those waiting for a hand grade. */
export type AssessmentListRow = AssessmentRow & {
  course_title: string;
  submissions: number | string;
  needs_grading: number | string;
  question_count: number | string;
};

export function withCounts(db: Db) {
  return db
    .selectFrom("assessments")
    .innerJoin("courses", "courses.id", "assessments.course_id")
    .selectAll("assessments")
    .select((eb) => [
      "courses.title as course_title",
      eb
        .selectFrom("assessment_attempts")
        .select(eb.fn.countAll().as("n"))
        .whereRef("assessment_attempts.assessment_id", "=", "assessments.id")
        .where("assessment_attempts.state", "in", ["submitted", "graded"])
        .as("submissions"),
      eb
        .selectFrom("assessment_attempts")
        .select(eb.fn.countAll().as("n"))
        .whereRef("assessment_attempts.assessment_id", "=", "assessments.id")
        .where("assessment_attempts.state", "=", "submitted")
        .as("needs_grading"),
      eb
        .selectFrom("assessment_questions")
        .select(eb.fn.countAll().as("n"))
        .whereRef("assessment_questions.assessment_id", "=", "assessments.id")
        .as("question_count"),
    ]);
}

/** A course's assessments, newest first (learners: the published ones only). */
export async function listCourseAssessments(db: Db, courseId: string, publishedOnly: boolean) {
  let query = withCounts(db).where("assessments.course_id", "=", courseId);
  if (publishedOnly) query = query.where("assessments.published", "=", 1);
  return (await query
    .orderBy("assessments.created_at", "desc")
    .orderBy("assessments.id", "desc")
    .execute()) as AssessmentListRow[];
}

export async function findAssessmentWithCounts(db: Db, id: string) {
  return (await withCounts(db).where("assessments.id", "=", id).executeTakeFirst()) as AssessmentListRow | undefined;
}

export const findAssessment = (db: Db, id: string) =>
  db.selectFrom("assessments").selectAll().where("id", "=", id).executeTakeFirst();

/** The newest assessments of the courses someone teaches (instructorId null: every course). */
export async function recentAssessments(db: Db, instructorId: string | null, limit: number) {
  let rows = withCounts(db);
  let count = db.selectFrom("assessments").innerJoin("courses", "courses.id", "assessments.course_id");
  if (instructorId) {
    rows = rows.where("courses.instructor_id", "=", instructorId);
    count = count.where("courses.instructor_id", "=", instructorId);
  }
  const [list, total] = await Promise.all([
    rows.orderBy("assessments.created_at", "desc").orderBy("assessments.id", "desc").limit(limit).execute(),
    count
      .select((eb) => [eb.fn.countAll().as("count"), eb.fn.sum("assessments.published").as("published")])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: list as AssessmentListRow[], total: Number(total.count), active: Number(total.published ?? 0) };
}

/** A new published required assessment changes its course's completion rule: run in a transaction. */
export async function insertAssessment(db: Db, row: AssessmentRow): Promise<void> {
  await db.insertInto("assessments").values(row).execute();
  if (row.published && row.required_for_completion) await settleCompletion(db, { courseId: row.course_id });
}

const courseOfAssessment = async (db: Db, id: string) =>
  (await db.selectFrom("assessments").select("course_id").where("id", "=", id).executeTakeFirst())?.course_id;

/**
 * Publishing, hiding or a new scoring rule changes the assessment's stored scores in the same
 * transaction; a new pass mark or required flag changes its course's completion.
 */
export async function updateAssessment(db: Db, id: string, changes: Partial<Omit<AssessmentRow, "id">>) {
  await db.updateTable("assessments").set(changes).where("id", "=", id).execute();
  const rescore = changes.published !== undefined || changes.scoring_rule !== undefined;
  const settle = changes.passing_score !== undefined || changes.required_for_completion !== undefined;
  if (!rescore && !settle) return;
  const courseId = await courseOfAssessment(db, id);
  if (!courseId) return;
  if (rescore) await refreshScoresOfCourse(db, courseId, id);
  else await settleCompletion(db, { courseId });
}

/** Its stored scores go with it (cascade); the learners' grade rows are summed again. Run in a transaction. */
export async function deleteAssessment(db: Db, id: string): Promise<void> {
  const courseId = await courseOfAssessment(db, id);
  await db.deleteFrom("assessments").where("id", "=", id).execute();
  if (courseId) await refreshScoresOfCourse(db, courseId, id);
}

export const questionsOf = (db: Db, assessmentId: string) =>
  db
    .selectFrom("assessment_questions")
    .selectAll()
    .where("assessment_id", "=", assessmentId)
    .orderBy("position")
    .execute();

/** Replaces an assessment's questions with `rows` (in their order). */
export async function replaceQuestions(db: Db, assessmentId: string, rows: QuestionRow[]): Promise<void> {
  await db.deleteFrom("assessment_questions").where("assessment_id", "=", assessmentId).execute();
  if (rows.length > 0) await db.insertInto("assessment_questions").values(rows).execute();
}

export interface ResultsQuery {
  page: number;
  limit: number;
  state?: string;
}

/** Every attempt of an assessment (in one state when given) with its learner, newest first, a page at a time. */
export async function listResults(db: Db, assessmentId: string, { page, limit, state }: ResultsQuery) {
  let base = db.selectFrom("assessment_attempts").where("assessment_attempts.assessment_id", "=", assessmentId);
  if (state) base = base.where("assessment_attempts.state", "=", state);
  const [rows, total] = await Promise.all([
    base
      .innerJoin("users", "users.id", "assessment_attempts.user_id")
      .selectAll("assessment_attempts")
      .select(["users.name as learner_name", "users.email as learner_email"])
      .orderBy("assessment_attempts.started_at", "desc")
      .orderBy("assessment_attempts.id", "desc")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** A learner's attempts at some assessments, oldest first. */
export async function attemptsOf(db: Db, userId: string, assessmentIds: string[]) {
  if (assessmentIds.length === 0) return [];
  return db
    .selectFrom("assessment_attempts")
    .selectAll()
    .where("user_id", "=", userId)
    .where("assessment_id", "in", assessmentIds)
    .orderBy("number")
    .execute();
}

export const findAttempt = (db: Db, id: string) =>
  db.selectFrom("assessment_attempts").selectAll().where("id", "=", id).executeTakeFirst();

export async function insertAttempt(db: Db, row: AttemptRow): Promise<void> {
  await db.insertInto("assessment_attempts").values(row).execute();
}

/** Ends an attempt still in progress; false when it was no longer in progress (another request ended it). */
export async function finishAttempt(
  db: Db,
  id: string,
  changes: Pick<
    AttemptRow,
    "state" | "submitted_at" | "late" | "late_seconds" | "raw_score" | "penalty" | "score" | "graded_at" | "updated_at"
  >,
): Promise<boolean> {
  const result = await db
    .updateTable("assessment_attempts")
    .set(changes)
    .where("id", "=", id)
    .where("state", "=", "in_progress")
    .executeTakeFirst();
  const won = Number(result.numUpdatedRows) === 1;
  if (won && changes.state === "graded") await refreshScoresOfAttempt(db, id);
  return won;
}

/** Marks an attempt in progress as touched (and, on PostgreSQL, locks it); false when it is no longer in progress. */
export async function touchOpenAttempt(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("assessment_attempts")
    .set({ updated_at: now })
    .where("id", "=", id)
    .where("state", "=", "in_progress")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const answersOf = (db: Db, attemptId: string) =>
  db.selectFrom("assessment_answers").selectAll().where("attempt_id", "=", attemptId).execute();

export async function upsertAnswers(db: Db, rows: AnswerRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("assessment_answers")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["attempt_id", "question_id"]).doUpdateSet((eb) => ({
        answer: eb.ref("excluded.answer"),
        points_awarded: eb.ref("excluded.points_awarded"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
}

export async function deleteAnswers(db: Db, attemptId: string, questionIds: string[]): Promise<void> {
  if (questionIds.length === 0) return;
  await db
    .deleteFrom("assessment_answers")
    .where("attempt_id", "=", attemptId)
    .where("question_id", "in", questionIds)
    .execute();
}

export const findOverride = (db: Db, assessmentId: string, userId: string) =>
  db
    .selectFrom("assessment_overrides")
    .selectAll()
    .where("assessment_id", "=", assessmentId)
    .where("user_id", "=", userId)
    .executeTakeFirst();

/** A learner's overrides on some assessments. */
export async function overridesOf(db: Db, userId: string, assessmentIds: string[]) {
  if (assessmentIds.length === 0) return [];
  return db
    .selectFrom("assessment_overrides")
    .selectAll()
    .where("user_id", "=", userId)
    .where("assessment_id", "in", assessmentIds)
    .execute();
}

/** An assessment's overrides with their learners, by learner name (only `userId`'s when given). */
export function listOverrides(db: Db, assessmentId: string, userId?: string) {
  let query = db
    .selectFrom("assessment_overrides")
    .innerJoin("users", "users.id", "assessment_overrides.user_id")
    .selectAll("assessment_overrides")
    .select(["users.name as learner_name", "users.email as learner_email"])
    .where("assessment_overrides.assessment_id", "=", assessmentId);
  if (userId) query = query.where("assessment_overrides.user_id", "=", userId);
  return query.orderBy("users.name").orderBy("assessment_overrides.id").execute();
}

export type OverrideRow = Selectable<AssessmentOverridesTable>;

export async function upsertOverride(db: Db, row: OverrideRow): Promise<void> {
  await db
    .insertInto("assessment_overrides")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["assessment_id", "user_id"]).doUpdateSet({
        extra_minutes: row.extra_minutes,
        due_date: row.due_date,
        extra_attempts: row.extra_attempts,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteOverride(db: Db, assessmentId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("assessment_overrides")
    .where("assessment_id", "=", assessmentId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Hand grades of some of an attempt's answers (every question has an answer row once submitted). */
export async function setAnswerGrade(
  db: Db,
  attemptId: string,
  grade: Pick<AnswerRow, "question_id" | "points_awarded" | "graded_by" | "graded_at" | "updated_at"> & {
    feedback?: string;
  },
): Promise<void> {
  const { question_id, ...changes } = grade;
  await db
    .updateTable("assessment_answers")
    .set(changes)
    .where("attempt_id", "=", attemptId)
    .where("question_id", "=", question_id)
    .execute();
}

/** New scores of a finished attempt. */
export async function rescoreAttempt(
  db: Db,
  id: string,
  changes: Pick<AttemptRow, "state" | "raw_score" | "penalty" | "score" | "graded_at" | "updated_at">,
): Promise<void> {
  await db.updateTable("assessment_attempts").set(changes).where("id", "=", id).execute();
  await refreshScoresOfAttempt(db, id);
}

/** The ids of every attempt of an assessment, oldest first (for a regrade). */
export const attemptIdsOf = (db: Db, assessmentId: string) =>
  db
    .selectFrom("assessment_attempts")
    .select("id")
    .where("assessment_id", "=", assessmentId)
    .orderBy("started_at")
    .orderBy("id")
    .execute();

/** An automatic grade computed again. */
export async function setAnswerPoints(db: Db, answerId: string, points: number | null, at: string): Promise<void> {
  await db
    .updateTable("assessment_answers")
    .set({ points_awarded: points, graded_at: points === null ? null : at, updated_at: at })
    .where("id", "=", answerId)
    .execute();
}

/** The current key for an attempt still in progress; false when it is no longer in progress. */
export async function refreshOpenAttempt(
  db: Db,
  id: string,
  changes: Pick<AttemptRow, "questions" | "max_points">,
): Promise<boolean> {
  const result = await db
    .updateTable("assessment_attempts")
    .set(changes)
    .where("id", "=", id)
    .where("state", "=", "in_progress")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A finished attempt's questions and scores after a regrade. */
export async function regradeAttempt(
  db: Db,
  id: string,
  changes: Pick<
    AttemptRow,
    "questions" | "max_points" | "state" | "raw_score" | "penalty" | "score" | "graded_at" | "updated_at"
  >,
): Promise<void> {
  await db
    .updateTable("assessment_attempts")
    .set(changes)
    .where("id", "=", id)
    .where("state", "!=", "in_progress")
    .execute();
  await refreshScoresOfAttempt(db, id);
}

export async function setQuestionImage(
  db: Db,
  questionId: string,
  image: Pick<QuestionRow, "image_key" | "image_mime" | "image_alt" | "updated_at">,
): Promise<void> {
  await db.updateTable("assessment_questions").set(image).where("id", "=", questionId).execute();
}

/** Whether a question of the assessment or one of its attempts (their frozen questions) still holds the image. */
export async function imageInUse(db: Db, assessmentId: string, key: string): Promise<boolean> {
  const question = await db
    .selectFrom("assessment_questions")
    .select("id")
    .where("assessment_id", "=", assessmentId)
    .where("image_key", "=", key)
    .executeTakeFirst();
  if (question) return true;
  const attempt = await db
    .selectFrom("assessment_attempts")
    .select("id")
    .where("assessment_id", "=", assessmentId)
    .where("questions", "like", `%${key}%`)
    .executeTakeFirst();
  return Boolean(attempt);
}

/** The image keys of an assessment's questions and of the questions its attempts froze. */
export async function imageKeysOf(db: Db, assessmentId: string): Promise<string[]> {
  const questions = await db
    .selectFrom("assessment_questions")
    .select("image_key")
    .where("assessment_id", "=", assessmentId)
    .where("image_key", "is not", null)
    .execute();
  const attempts = await db
    .selectFrom("assessment_attempts")
    .select("questions")
    .where("assessment_id", "=", assessmentId)
    .where("questions", "like", "%question-images/%")
    .execute();
  const frozen = attempts.flatMap((a) =>
    (JSON.parse(a.questions) as { image?: { key: string } }[]).flatMap((q) => (q.image ? [q.image.key] : [])),
  );
  return [...new Set([...questions.map((q) => q.image_key as string), ...frozen])];
}

/** A question with the course of its assessment. */
export async function findQuestionWithCourse(db: Db, questionId: string) {
  return db
    .selectFrom("assessment_questions as q")
    .innerJoin("assessments as a", "a.id", "q.assessment_id")
    .selectAll("q")
    .select("a.course_id")
    .where("q.id", "=", questionId)
    .executeTakeFirst();
}
