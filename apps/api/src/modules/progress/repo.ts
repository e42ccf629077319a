import { type Kysely, type Selectable, sql } from "kysely";
import { compiledOnce, compiledPerLength } from "../../db/compiled-once.js";
import type { Database, LessonProgressTable } from "../../db/types.js";
import { passedScore } from "./completion.js";

type Db = Kysely<Database>;
export type ProgressRow = Selectable<LessonProgressTable>;

/**
 * Per course: how many video and other files its published lessons hold and how many the user
 * finished; and how many published assessments its completion rule asks to pass and how many they passed.
 */
export interface ProgressCounts {
  totalVideos: number;
  totalResources: number;
  videosCompleted: number;
  resourcesViewed: number;
  requiredAssessments: number;
  assessmentsPassed: number;
}

export const emptyCounts = (): ProgressCounts => ({
  totalVideos: 0,
  totalResources: 0,
  videosCompleted: 0,
  resourcesViewed: 0,
  requiredAssessments: 0,
  assessmentsPassed: 0,
});

/** The items of the completion rule done and asked for. */
export const ruleItems = (c: ProgressCounts) => ({
  done: c.videosCompleted + c.resourcesViewed + c.assessmentsPassed,
  total: c.totalVideos + c.totalResources + c.requiredAssessments,
});

const fileTotals = (db: Db, courseIds: string[]) =>
  db
    .selectFrom("lesson_files")
    .innerJoin("lessons", "lessons.id", "lesson_files.lesson_id")
    .select(["lesson_files.course_id", "lesson_files.kind", (eb) => eb.fn.countAll().as("count")])
    .where("lesson_files.course_id", "in", courseIds)
    .where("lessons.is_published", "=", 1)
    .groupBy(["lesson_files.course_id", "lesson_files.kind"]);

const filesDone = (db: Db, userId: string, courseIds: string[]) =>
  db
    .selectFrom("lesson_progress")
    .innerJoin("lesson_files", "lesson_files.id", "lesson_progress.file_id")
    .innerJoin("lessons", "lessons.id", "lesson_progress.lesson_id")
    .select(["lesson_progress.course_id", "lesson_files.kind", (eb) => eb.fn.countAll().as("count")])
    .where("lesson_progress.user_id", "=", userId)
    .where("lesson_progress.course_id", "in", courseIds)
    .where("lesson_progress.completed", "=", 1)
    .where("lessons.is_published", "=", 1)
    .groupBy(["lesson_progress.course_id", "lesson_files.kind"]);

const assessmentsDone = (db: Db, userId: string, courseIds: string[]) =>
  requiredAssessmentsQuery(db, userId)
    .where("assessments.course_id", "in", courseIds)
    .select((eb) => [
      "assessments.course_id",
      eb.fn.countAll().as("count"),
      eb.fn.sum(sql<number>`case when ${passed} then 1 else 0 end`).as("passed"),
    ])
    .groupBy("assessments.course_id");

/** The three queries, compiled once per number of courses: every progress report answers with them for one. */
const countQueries = {
  totals: compiledPerLength((db, _: [], courseIds) => fileTotals(db, courseIds)),
  done: compiledPerLength((db, [userId]: [string], courseIds) => filesDone(db, userId, courseIds)),
  assessments: compiledPerLength((db, [userId]: [string], courseIds) => assessmentsDone(db, userId, courseIds)),
};

/** Three grouped queries for any number of courses. */
export async function progressCounts(
  db: Db,
  userId: string,
  courseIds: string[],
): Promise<Map<string, ProgressCounts>> {
  const counts = new Map(courseIds.map((id) => [id, emptyCounts()]));
  if (courseIds.length === 0) return counts;
  const [totals, done, assessments] = await Promise.all([
    countQueries.totals(db, [], courseIds),
    countQueries.done(db, [userId], courseIds),
    countQueries.assessments(db, [userId], courseIds),
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
  for (const row of assessments) {
    const c = counts.get(row.course_id);
    if (!c) continue;
    c.requiredAssessments = Number(row.count);
    c.assessmentsPassed = Number(row.passed ?? 0);
  }
  return counts;
}

const passed = sql<boolean>`(learner_scores.score is not null and ${passedScore(
  "learner_scores.score",
  "learner_scores.possible",
  "assessments.passing_score",
)})`;

/**
 * Published required assessments with the user's counted score. The score is joined by its whole
 * key (course, user, assessment): without the course it would be a scan of every score.
 */
const publishedRequired = (db: Db, userId: string) =>
  db
    .selectFrom("assessments")
    .leftJoin("learner_scores", (join) =>
      join
        .onRef("learner_scores.course_id", "=", "assessments.course_id")
        .on("learner_scores.user_id", "=", userId)
        .onRef("learner_scores.assessment_id", "=", "assessments.id"),
    )
    .where("assessments.published", "=", 1)
    .where("assessments.required_for_completion", "=", 1);

/** The published required assessments of courses whose rule asks for them, with the user's counted score. */
const requiredAssessmentsQuery = (db: Db, userId: string) =>
  publishedRequired(db, userId)
    .innerJoin("courses", "courses.id", "assessments.course_id")
    .where("courses.completion_requires_assessments", "=", 1);

const requiredOfCourse = <Q extends ReturnType<typeof publishedRequired>>(query: Q, courseId: string) =>
  query
    .where("assessments.course_id", "=", courseId)
    .select([
      "assessments.id",
      "assessments.title",
      "assessments.type",
      "assessments.passing_score",
      sql<number>`case when ${passed} then 1 else 0 end`.as("passed"),
    ])
    .orderBy("assessments.created_at")
    .orderBy("assessments.id");

/** A course's required assessments (none when its rule does not ask for them), each passed by the user or not. */
export const requiredAssessmentsOf = compiledOnce((db, userId: string, courseId: string) =>
  requiredOfCourse(requiredAssessmentsQuery(db, userId), courseId),
);

/**
 * The same for a course whose rule the caller has read as asking for assessments (the course
 * detail, from its cached course row): the course row is not read again, which costs more than the
 * rest when it is long. Compiled once: every course detail reads it.
 */
export const requiredAssessmentsOfRuledCourse = compiledOnce((db, userId: string, courseId: string) =>
  requiredOfCourse(publishedRequired(db, userId), courseId),
);
export type RequiredAssessmentRow = Awaited<ReturnType<typeof requiredAssessmentsOf>>[number];

export const userCourseProgress = (db: Db, userId: string, courseId: string) =>
  db
    .selectFrom("lesson_progress")
    .selectAll()
    .where("course_id", "=", courseId)
    .where("user_id", "=", userId)
    .execute();

/** A user's progress on the files of a course, with what the course detail shows of it. */
export const fileProgressOf = (db: Db, userId: string, courseId: string) =>
  db
    .selectFrom("lesson_progress")
    .select(["file_id", "lesson_id", "position", "duration", "completed", "viewed_at"])
    .where("lesson_progress.course_id", "=", courseId)
    .where("lesson_progress.user_id", "=", userId);

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

/** Whether the user has completed this file already. */
export async function fileCompleted(db: Db, userId: string, fileId: string): Promise<boolean> {
  const row = await db
    .selectFrom("lesson_progress")
    .select("completed")
    .where("user_id", "=", userId)
    .where("file_id", "=", fileId)
    .executeTakeFirst();
  return row?.completed === 1;
}

/** Whether every file of the lesson is completed by the user. */
export async function lessonCompleted(db: Db, userId: string, lessonId: string): Promise<boolean> {
  const open = await db
    .selectFrom("lesson_files")
    .select("lesson_files.id")
    .where("lesson_files.lesson_id", "=", lessonId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("lesson_progress")
            .select("lesson_progress.id")
            .whereRef("lesson_progress.file_id", "=", "lesson_files.id")
            .where("lesson_progress.user_id", "=", userId)
            .where("lesson_progress.completed", "=", 1),
        ),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return open === undefined;
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

export async function deleteUserCourseProgress(db: Db, userId: string, courseId: string): Promise<void> {
  await db.deleteFrom("lesson_progress").where("course_id", "=", courseId).where("user_id", "=", userId).execute();
}

/**
 * Per course, the learner's next lesson (as the course detail's `nextLessonId`): the first published
 * lesson, in module then lesson order, with a file they have not completed. A course whose lessons
 * are all done (or hold no files) is absent from the map.
 */
const nextLessonQuery = compiledPerLength((db, [userId]: [string], courseIds) =>
  db
    .selectFrom("lesson_files as f")
    .innerJoin("lessons as l", "l.id", "f.lesson_id")
    .innerJoin("modules as m", "m.id", "l.module_id")
    .leftJoin("lesson_progress as p", (join) =>
      join.onRef("p.file_id", "=", "f.id").on("p.user_id", "=", userId).on("p.completed", "=", 1),
    )
    .select(["f.course_id", "l.id as lesson_id"])
    .where("f.course_id", "in", courseIds)
    .where("l.is_published", "=", 1)
    .where("p.id", "is", null)
    .orderBy("m.sort_order")
    .orderBy("m.id")
    .orderBy("l.sort_order")
    .orderBy("l.id"),
);

export async function nextLessonIds(db: Db, userId: string, courseIds: string[]): Promise<Map<string, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await nextLessonQuery(db, [userId], courseIds);
  const next = new Map<string, string>();
  for (const row of rows) if (!next.has(row.course_id)) next.set(row.course_id, row.lesson_id);
  return next;
}
