import type { StudentListQuery } from "@lms/contract";
import { type Kysely, type Selectable, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import { newId } from "../../db/ids.js";
import { containsText } from "../../db/text-search.js";
import type { Database, EnrollmentsTable } from "../../db/types.js";
import { refreshScores } from "../assessments/stored-scores.js";
import { countInRollups } from "../platform/rollups.js";

type Db = Kysely<Database>;
export type EnrollmentRow = Selectable<EnrollmentsTable>;

const enrollmentRows = compiledOnce((db, userId: string, courseId: string) =>
  db.selectFrom("enrollments").selectAll().where("user_id", "=", userId).where("course_id", "=", courseId),
);

export const findEnrollment = async (db: Db, userId: string, courseId: string) =>
  (await enrollmentRows(db, userId, courseId))[0];

/** A new, active enrollment with nothing done yet. */
export const newEnrollment = (userId: string, courseId: string, now: string): EnrollmentRow => ({
  id: newId(),
  user_id: userId,
  course_id: courseId,
  status: "active",
  progress: 0,
  rating: null,
  enrolled_at: now,
  completed_at: null,
  last_accessed_at: null,
  last_lesson_id: null,
});

/**
 * Call it in a transaction: the enrollments, their count in the admin analytics, and (for learners
 * enrolled again) their earlier graded attempts in the stored scores go together.
 */
export async function insertEnrollments(db: Db, rows: EnrollmentRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto("enrollments").values(rows).execute();
  await countInRollups(
    db,
    "enrollments",
    rows.map((row) => ({ at: row.enrolled_at })),
  );
  const byCourse = new Map<string, string[]>();
  for (const row of rows) {
    const userIds = byCourse.get(row.course_id);
    if (userIds) userIds.push(row.user_id);
    else byCourse.set(row.course_id, [row.user_id]);
  }
  for (const [courseId, userIds] of byCourse) {
    if (await haveAttempts(db, courseId, userIds)) await refreshScores(db, { courseId, userIds });
  }
}

/** Whether any of these learners ever started an assessment of the course (new learners, as in an import, have not). */
const haveAttempts = async (db: Db, courseId: string, userIds: string[]) =>
  (await db
    .selectFrom("assessment_attempts as t")
    .innerJoin("assessments as a", "a.id", "t.assessment_id")
    .select("t.id")
    .where("a.course_id", "=", courseId)
    .where("t.user_id", "in", userIds)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** A learner who leaves takes their stored scores and grade row along. Run in a transaction. */
export async function deleteEnrollment(db: Db, id: string): Promise<void> {
  const gone = await db
    .deleteFrom("enrollments")
    .where("id", "=", id)
    .returning(["course_id", "user_id"])
    .executeTakeFirst();
  if (gone) await refreshScores(db, { courseId: gone.course_id, userIds: [gone.user_id] });
}

export async function updateEnrollment(
  db: Db,
  id: string,
  changes: Partial<Omit<EnrollmentRow, "id" | "user_id" | "course_id">>,
): Promise<void> {
  await db.updateTable("enrollments").set(changes).where("id", "=", id).execute();
}

/** Keeps the course's counters right; called in the transaction that changes the enrollments. */
export async function adjustCourseCounters(
  db: Db,
  courseId: string,
  delta: { enrollments?: number; completions?: number; ratings?: number; ratingSum?: number },
): Promise<void> {
  await db
    .updateTable("courses")
    .set((eb) => ({
      enrollment_count: eb("enrollment_count", "+", delta.enrollments ?? 0),
      completion_count: eb("completion_count", "+", delta.completions ?? 0),
      rating_count: eb("rating_count", "+", delta.ratings ?? 0),
      rating_sum: eb("rating_sum", "+", delta.ratingSum ?? 0),
    }))
    .where("id", "=", courseId)
    .execute();
}

/** Takes the price from the user's credits only if they have enough; false when they do not. */
export async function spendCredits(db: Db, userId: string, amount: number): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set((eb) => ({ credits: eb("credits", "-", amount) }))
    .where("id", "=", userId)
    .where("credits", ">=", amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function userCredits(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom("users").select("credits").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.credits;
}

export const findUsers = (db: Db, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom("users").select(["id", "name"]).where("id", "in", ids).execute();

export async function enrolledAmong(db: Db, courseId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("enrollments")
    .select("user_id")
    .where("course_id", "=", courseId)
    .where("user_id", "in", userIds)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

const USER_TEXT = ["users.name", "users.email"] as const;

/** A course's enrollments joined to their users, narrowed to names or e-mails containing `search`. */
function enrolledMatching(db: Db, courseId: string, search: string | undefined) {
  const base = db
    .selectFrom("enrollments")
    .innerJoin("users", "users.id", "enrollments.user_id")
    .where("enrollments.course_id", "=", courseId);
  return search ? base.where(containsText(USER_TEXT, search)) : base;
}

/** How many of the course's students match; without a search the course index alone answers. */
async function countEnrolled(db: Db, courseId: string, search: string | undefined): Promise<number> {
  const matching = search
    ? enrolledMatching(db, courseId, search)
    : db.selectFrom("enrollments").where("enrollments.course_id", "=", courseId);
  const row = await matching.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A course's enrolled users, searchable by name or e-mail, newest enrollment first. */
export async function listStudents(db: Db, courseId: string, query: StudentListQuery) {
  const [rows, total] = await Promise.all([
    enrolledMatching(db, courseId, query.search)
      .select([
        "users.id",
        "users.name",
        "users.email",
        "users.role",
        "users.status",
        "users.avatar",
        "enrollments.status as enrollment_status",
        "enrollments.progress",
        "enrollments.rating",
        "enrollments.enrolled_at",
        "enrollments.completed_at",
      ])
      .orderBy("enrollments.enrolled_at", "desc")
      .orderBy("enrollments.id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    countEnrolled(db, courseId, query.search),
  ]);
  return { rows, total };
}
export type StudentRow = Awaited<ReturnType<typeof listStudents>>["rows"][number];

/**
 * Learners not enrolled in the course (the Batch tab's "add users" list; other roles are never
 * offered), newest first, searchable by name or e-mail. The page walks the users' creation index
 * and skips the enrolled ones through the (user_id, course_id) unique index. The total is all
 * matching learners minus the matching enrolled learners: two counts instead of probing
 * enrollments for every user.
 */
export async function listCandidates(db: Db, courseId: string, query: StudentListQuery) {
  const learners = db.selectFrom("users").where("users.role", "=", "learner");
  const users = query.search ? learners.where(containsText(USER_TEXT, query.search)) : learners;
  const [rows, matching, enrolled] = await Promise.all([
    users
      .select(["users.id", "users.name", "users.email", "users.role", "users.status", "users.avatar"])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("enrollments")
              .select("enrollments.id")
              .whereRef("enrollments.user_id", "=", "users.id")
              .where("enrollments.course_id", "=", courseId),
          ),
        ),
      )
      .orderBy("users.created_at", "desc")
      .orderBy("users.id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    users.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow(),
    enrolledMatching(db, courseId, query.search)
      .where("users.role", "=", "learner")
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Math.max(0, Number(matching.count) - Number(enrolled.count)) };
}
export type CandidateRow = Awaited<ReturnType<typeof listCandidates>>["rows"][number];

const userEnrollmentsQuery = compiledOnce((db, userId: string, limit: number, offset: number) =>
  db
    .selectFrom("enrollments")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy(sql`coalesce(last_accessed_at, enrolled_at)`, "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset),
);

const userEnrollmentCount = compiledOnce((db, userId: string) =>
  db
    .selectFrom("enrollments")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("user_id", "=", userId),
);

/** A user's enrollments, most recently used first. */
export async function listUserEnrollments(db: Db, userId: string, { page, limit }: { page: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    userEnrollmentsQuery(db, userId, limit, (page - 1) * limit),
    userEnrollmentCount(db, userId),
  ]);
  return { rows, total: Number(total?.count ?? 0) };
}
