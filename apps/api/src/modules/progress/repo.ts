import { type Kysely, type Selectable, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import { jsonArrayFrom, parsedJsonArray } from "../../db/json-array-from.js";
import type { Database, LessonProgressTable } from "../../db/types.js";

type Db = Kysely<Database>;
export type ProgressRow = Selectable<LessonProgressTable>;

/** Per course: how many video and other files its published lessons hold, and how many the user finished. */
export interface ProgressCounts {
  totalVideos: number;
  totalResources: number;
  videosCompleted: number;
  resourcesViewed: number;
}

export const emptyCounts = (): ProgressCounts => ({
  totalVideos: 0,
  totalResources: 0,
  videosCompleted: 0,
  resourcesViewed: 0,
});

/** Two grouped queries for any number of courses. */
export async function progressCounts(
  db: Db,
  userId: string,
  courseIds: string[],
): Promise<Map<string, ProgressCounts>> {
  const counts = new Map(courseIds.map((id) => [id, emptyCounts()]));
  if (courseIds.length === 0) return counts;
  const [totals, done] = await Promise.all([
    db
      .selectFrom("lesson_files")
      .innerJoin("lessons", "lessons.id", "lesson_files.lesson_id")
      .select(["lesson_files.course_id", "lesson_files.kind", (eb) => eb.fn.countAll().as("count")])
      .where("lesson_files.course_id", "in", courseIds)
      .where("lessons.is_published", "=", 1)
      .groupBy(["lesson_files.course_id", "lesson_files.kind"])
      .execute(),
    db
      .selectFrom("lesson_progress")
      .innerJoin("lesson_files", "lesson_files.id", "lesson_progress.file_id")
      .innerJoin("lessons", "lessons.id", "lesson_progress.lesson_id")
      .select(["lesson_progress.course_id", "lesson_files.kind", (eb) => eb.fn.countAll().as("count")])
      .where("lesson_progress.user_id", "=", userId)
      .where("lesson_progress.course_id", "in", courseIds)
      .where("lesson_progress.completed", "=", 1)
      .where("lessons.is_published", "=", 1)
      .groupBy(["lesson_progress.course_id", "lesson_files.kind"])
      .execute(),
  ]);
  for (const row of totals) {
    const c = counts.get(row.course_id);
    if (!c) continue;
    if (row.kind === "video") c.totalVideos = Number(row.count);
    else c.totalResources = Number(row.count);
  }
  for (const row of done) {
    const c = counts.get(row.course_id);
    if (!c) continue;
    if (row.kind === "video") c.videosCompleted = Number(row.count);
    else c.resourcesViewed = Number(row.count);
  }
  return counts;
}

export const percentage = (c: ProgressCounts): number => {
  const total = c.totalVideos + c.totalResources;
  return total === 0 ? 0 : Math.round((100 * (c.videosCompleted + c.resourcesViewed)) / total);
};

export const userCourseProgress = (db: Db, userId: string, courseId: string) =>
  db
    .selectFrom("lesson_progress")
    .selectAll()
    .where("course_id", "=", courseId)
    .where("user_id", "=", userId)
    .execute();

const enrollmentAndProgressRows = compiledOnce((db, userId: string, courseId: string) =>
  db
    .selectFrom("enrollments")
    .selectAll("enrollments")
    .select((eb) =>
      jsonArrayFrom(db)(
        eb
          .selectFrom("lesson_progress")
          .select(["file_id", "lesson_id", "position", "duration", "completed", "viewed_at"])
          .whereRef("lesson_progress.course_id", "=", "enrollments.course_id")
          .whereRef("lesson_progress.user_id", "=", "enrollments.user_id"),
      ).as("file_progress"),
    )
    .where("enrollments.user_id", "=", userId)
    .where("enrollments.course_id", "=", courseId),
);

/**
 * A user's enrollment in a course and, when enrolled, their progress on its files (course detail),
 * in one query: the progress rows come back as one JSON column, which costs less than a second
 * query or a join that repeats the enrollment on every progress row.
 */
export async function enrollmentWithProgress(db: Db, userId: string, courseId: string) {
  const [row] = await enrollmentAndProgressRows(db, userId, courseId);
  if (!row) return { enrollment: undefined, progress: [] };
  const { file_progress, ...enrollment } = row;
  return { enrollment, progress: parsedJsonArray(file_progress) };
}

export async function hasViewedLesson(db: Db, userId: string, lessonId: string): Promise<boolean> {
  const row = await db
    .selectFrom("lesson_progress")
    .select("id")
    .where("lesson_id", "=", lessonId)
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** One view report: keeps the latest position, and completion once reached. */
export async function upsertProgress(db: Db, row: ProgressRow): Promise<ProgressRow> {
  await db
    .insertInto("lesson_progress")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["user_id", "file_id"]).doUpdateSet({
        position: (eb) => eb.ref("excluded.position"),
        duration: (eb) => eb.ref("excluded.duration"),
        viewed_at: (eb) => eb.ref("excluded.viewed_at"),
        completed: sql<number>`case when lesson_progress.completed = 1 then 1 else excluded.completed end`,
        completed_at: sql<string | null>`coalesce(lesson_progress.completed_at, excluded.completed_at)`,
      }),
    )
    .execute();
  return db
    .selectFrom("lesson_progress")
    .selectAll()
    .where("user_id", "=", row.user_id)
    .where("file_id", "=", row.file_id)
    .executeTakeFirstOrThrow();
}

/**
 * Recomputes the stored progress percentage of a course's enrollments (or one user's) from their
 * recorded views, in one statement: after a view, and after content is added or removed.
 */
export async function refreshStoredProgress(db: Db, courseId: string, userId?: string): Promise<void> {
  const totalRow = await db
    .selectFrom("lesson_files")
    .innerJoin("lessons", "lessons.id", "lesson_files.lesson_id")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("lesson_files.course_id", "=", courseId)
    .where("lessons.is_published", "=", 1)
    .executeTakeFirstOrThrow();
  const total = Number(totalRow.count);
  const done = sql<number>`(select count(*) from lesson_progress
    inner join lessons on lessons.id = lesson_progress.lesson_id
    where lesson_progress.user_id = enrollments.user_id
      and lesson_progress.course_id = enrollments.course_id
      and lesson_progress.completed = 1
      and lessons.is_published = 1)`;
  let update = db
    .updateTable("enrollments")
    .set({
      progress: total === 0 ? 0 : sql<number>`cast(round(100.0 * ${done} / ${sql.lit(total)}) as integer)`,
    })
    .where("course_id", "=", courseId);
  if (userId) update = update.where("user_id", "=", userId);
  await update.execute();
}

export async function deleteUserCourseProgress(db: Db, userId: string, courseId: string): Promise<void> {
  await db.deleteFrom("lesson_progress").where("course_id", "=", courseId).where("user_id", "=", userId).execute();
}

/** Marks an enrollment completed once; false when it already was (so counters move only once). */
export async function markCompleted(db: Db, enrollmentId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("enrollments")
    .set({ status: "completed", completed_at: at })
    .where("id", "=", enrollmentId)
    .where("status", "!=", "completed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
