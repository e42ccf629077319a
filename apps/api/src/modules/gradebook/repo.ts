import type { ExpressionBuilder, Kysely } from "kysely";
import { containsText } from "../../db/text-search.js";
import type { AssessmentOverridesTable, AssessmentsTable, Database } from "../../db/types.js";

type Db = Kysely<Database>;

/** The course's published assessments, the gradebook's columns (ordered by the service). */
export const publishedAssessments = (db: Db, courseIds: readonly string[]) =>
  courseIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("assessments")
        .select([
          "id",
          "course_id",
          "title",
          "type",
          "total_points",
          "weight",
          "due_date",
          "scoring_rule",
          "created_at",
        ])
        .where("course_id", "in", courseIds)
        .where("published", "=", 1)
        .execute();
export type ColumnRow = Awaited<ReturnType<typeof publishedAssessments>>[number];

const LEARNER_TEXT = ["u.name", "u.email"] as const;

function enrolled(db: Db, courseId: string, search: string | undefined) {
  const base = db
    .selectFrom("enrollments as e")
    .innerJoin("users as u", "u.id", "e.user_id")
    .where("e.course_id", "=", courseId);
  return search ? base.where(containsText(LEARNER_TEXT, search)) : base;
}

const LEARNER_COLUMNS = ["u.id", "u.name", "u.email", "e.id as enrollment_id", "e.enrolled_at"] as const;

/**
 * A page of the course's learners in enrollment order: the (course_id, enrolled_at) index pages
 * them without reading every learner (ordering 5,000 learners by name reads them all on every page).
 * Without a search the enrollments alone are paged and only the page's learners joined (a deep page
 * skips thousands of enrollments, not thousands of joined users).
 */
export const learnerPage = (db: Db, courseId: string, query: { page: number; limit: number; search?: string }) => {
  const offset = (query.page - 1) * query.limit;
  if (query.search) {
    return enrolled(db, courseId, query.search)
      .select(LEARNER_COLUMNS)
      .orderBy("e.enrolled_at")
      .orderBy("e.id")
      .limit(query.limit)
      .offset(offset)
      .execute();
  }
  const page = db
    .selectFrom("enrollments")
    .select(["id", "user_id", "enrolled_at"])
    .where("course_id", "=", courseId)
    .orderBy("enrolled_at")
    .orderBy("id")
    .limit(query.limit)
    .offset(offset);
  return db
    .selectFrom(page.as("e"))
    .innerJoin("users as u", "u.id", "e.user_id")
    .select(LEARNER_COLUMNS)
    .orderBy("e.enrolled_at")
    .orderBy("e.id")
    .execute();
};
export type LearnerRow = Awaited<ReturnType<typeof learnerPage>>[number];

export async function countLearners(db: Db, courseId: string, search: string | undefined): Promise<number> {
  const matching = search
    ? enrolled(db, courseId, search)
    : db.selectFrom("enrollments as e").where("e.course_id", "=", courseId);
  const row = await matching.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The next learners after `after` in enrollment order (the CSV export walks the course with it). */
export function learnersAfter(db: Db, courseId: string, after: LearnerRow | null, limit: number) {
  let query = enrolled(db, courseId, undefined).select(LEARNER_COLUMNS);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb("e.enrolled_at", ">", after.enrolled_at),
        eb.and([eb("e.enrolled_at", "=", after.enrolled_at), eb("e.id", ">", after.enrollment_id)]),
      ]),
    );
  }
  return query.orderBy("e.enrolled_at").orderBy("e.id").limit(limit).execute();
}

/** These learners of the course, as they are now. */
export const learnersByIds = (db: Db, courseId: string, userIds: readonly string[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : enrolled(db, courseId, undefined).select(LEARNER_COLUMNS).where("e.user_id", "in", userIds).execute();

/** The learner's own row, if they are enrolled in the course. */
export const enrolledLearner = (db: Db, courseId: string, userId: string) =>
  enrolled(db, courseId, undefined).select(LEARNER_COLUMNS).where("e.user_id", "=", userId).executeTakeFirst();

/** These learners' attempts at these assessments, oldest first. */
export const attemptsOf = (db: Db, userIds: readonly string[], assessmentIds: readonly string[]) =>
  userIds.length === 0 || assessmentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("assessment_attempts")
        .select(["assessment_id", "user_id", "state", "score", "max_points", "late"])
        .where("user_id", "in", userIds)
        .where("assessment_id", "in", assessmentIds)
        // The order of the covering index (migration 012): read from it alone, nothing to sort.
        .orderBy("user_id")
        .orderBy("assessment_id")
        .orderBy("number")
        .execute();
export type AttemptFactsRow = Awaited<ReturnType<typeof attemptsOf>>[number];

/** Due dates moved for some of these learners on these assessments. */
export const dueOverridesOf = (db: Db, userIds: readonly string[], assessmentIds: readonly string[]) =>
  userIds.length === 0 || assessmentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("assessment_overrides")
        .select(["assessment_id", "user_id", "due_date"])
        .where("user_id", "in", userIds)
        .where("assessment_id", "in", assessmentIds)
        .where("due_date", "is not", null)
        .execute();
export type DueOverrideRow = Awaited<ReturnType<typeof dueOverridesOf>>[number];

/** The learner's most recently joined courses that have a published assessment. */
export const coursesWithAssessments = (db: Db, userId: string, limit: number) =>
  db
    .selectFrom("enrollments as e")
    .innerJoin("courses as c", "c.id", "e.course_id")
    .select(["c.id", "c.title"])
    .where("e.user_id", "=", userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("assessments as a")
          .select("a.id")
          .whereRef("a.course_id", "=", "e.course_id")
          .where("a.published", "=", 1),
      ),
    )
    .orderBy("e.enrolled_at", "desc")
    .orderBy("e.id", "desc")
    .limit(limit)
    .execute();

type Eb = ExpressionBuilder<Database & { a: AssessmentsTable }, "a">;

/** The learner has an attempt at the assessment in one of these states. */
const attemptIn = (eb: Eb, userId: string, states: string[]) =>
  eb.exists(
    eb
      .selectFrom("assessment_attempts as t")
      .select("t.id")
      .whereRef("t.assessment_id", "=", "a.id")
      .where("t.user_id", "=", userId)
      .where("t.state", "in", states),
  );
const HANDED_IN = ["submitted", "graded"];

/**
 * The published assessments of the learner's courses with a due date (their override's, or the
 * assessment's), and whether they handed one in.
 */
function dueAssessments(db: Db, userId: string) {
  return db
    .selectFrom("assessments as a")
    .innerJoin("enrollments as e", (join) => join.onRef("e.course_id", "=", "a.course_id").on("e.user_id", "=", userId))
    .innerJoin("courses as c", "c.id", "a.course_id")
    .leftJoin("users as i", "i.id", "c.instructor_id")
    .leftJoin("assessment_overrides as o", (join) =>
      join.onRef("o.assessment_id", "=", "a.id").on("o.user_id", "=", userId),
    )
    .select((eb) => [
      "a.id",
      "a.title",
      "a.type",
      "a.course_id",
      "c.title as course_title",
      "i.name as instructor_name",
      dueDate(eb).as("due_date"),
      attemptIn(eb, userId, HANDED_IN).as("finished"),
    ])
    .where("a.published", "=", 1)
    .where((eb) => eb(dueDate(eb), "is not", null));
}
export type DueAssessmentRow = Awaited<ReturnType<ReturnType<typeof dueAssessments>["execute"]>>[number];

type DueEb = ExpressionBuilder<Database & { a: AssessmentsTable; o: AssessmentOverridesTable }, "a" | "o">;
const dueDate = (eb: DueEb) => eb.fn.coalesce("o.due_date", "a.due_date");

/** Not handed in and due after `now`, soonest first. */
export const dueAhead = (db: Db, userId: string, now: string, limit: number) =>
  dueAssessments(db, userId)
    .where((eb) => eb(dueDate(eb), ">", now))
    .where((eb) => eb.not(attemptIn(eb, userId, HANDED_IN)))
    .orderBy((eb) => dueDate(eb))
    .orderBy("a.id")
    .limit(limit)
    .execute();

/** Handed in, or due by `now`: latest due date first. */
export const dueBehind = (db: Db, userId: string, now: string, limit: number) =>
  dueAssessments(db, userId)
    .where((eb) => eb.or([eb(dueDate(eb), "<=", now), attemptIn(eb, userId, HANDED_IN)]))
    .orderBy((eb) => dueDate(eb), "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();

/**
 * The candidates for the learner's to-dos: published assessments of their courses that are
 * available by `now` and that they either have an attempt open on or never attempted, with the
 * rules their override changes (the service drops those they may not start).
 */
export const toDoCandidates = (db: Db, userId: string, now: string) =>
  db
    .selectFrom("assessments as a")
    .innerJoin("enrollments as e", (join) => join.onRef("e.course_id", "=", "a.course_id").on("e.user_id", "=", userId))
    .innerJoin("courses as c", "c.id", "a.course_id")
    .leftJoin("assessment_overrides as o", (join) =>
      join.onRef("o.assessment_id", "=", "a.id").on("o.user_id", "=", userId),
    )
    .leftJoin("assessment_attempts as t", (join) =>
      join.onRef("t.assessment_id", "=", "a.id").on("t.user_id", "=", userId).on("t.state", "=", "in_progress"),
    )
    .select((eb) => [
      "a.id",
      "a.title",
      "a.type",
      "a.course_id",
      "c.title as course_title",
      "a.late_submissions",
      "a.attempts_allowed",
      "a.time_limit_minutes",
      "o.extra_minutes",
      "o.extra_attempts",
      dueDate(eb).as("due_date"),
      "t.id as attempt_id",
      "t.deadline_at as attempt_deadline",
    ])
    .where("a.published", "=", 1)
    .where((eb) => eb.or([eb("a.available_from", "is", null), eb("a.available_from", "<=", now)]))
    .where((eb) =>
      eb.or([
        eb("t.id", "is not", null),
        eb.not(
          eb.exists(
            eb
              .selectFrom("assessment_attempts as earlier")
              .select("earlier.id")
              .whereRef("earlier.assessment_id", "=", "a.id")
              .where("earlier.user_id", "=", userId),
          ),
        ),
      ]),
    )
    .execute();
export type ToDoCandidateRow = Awaited<ReturnType<typeof toDoCandidates>>[number];
