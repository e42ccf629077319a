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

/**
 * Every file of the courses' published lessons in course order (module, then lesson), with whether the
 * user completed it: the file counts of the completion rule and the next lesson both come from it.
 */
const courseFilesQuery = compiledPerLength((db, [userId]: [string], courseIds) =>
  db
    .selectFrom("lesson_files as f")
    .innerJoin("lessons as l", "l.id", "f.lesson_id")
    .innerJoin("modules as m", "m.id", "l.module_id")
    .leftJoin("lesson_progress as p", (join) =>
      join.onRef("p.file_id", "=", "f.id").on("p.user_id", "=", userId).on("p.completed", "=", 1),
    )
    .select(["f.course_id", "f.kind", "l.id as lesson_id", sql<number>`p.id is not null`.as("done")])
    .where("f.course_id", "in", courseIds)
    .where("l.is_published", "=", 1)
    .orderBy("m.sort_order")
    .orderBy("m.id")
    .orderBy("l.sort_order")
    .orderBy("l.id"),
);

const assessmentsDone = (db: Db, userId: string, courseIds: string[]) =>
  requiredAssessmentsQuery(db, userId)
    .where("assessments.course_id", "in", courseIds)
    .select((eb) => [
      "assessments.course_id",
      eb.fn.countAll().as("count"),
      eb.fn.sum(sql<number>`case when ${passed} then 1 else 0 end`).as("passed"),
    ])
    .groupBy("assessments.course_id");

const assessmentsDoneQuery = compiledPerLength((db, [userId]: [string], courseIds) =>
  assessmentsDone(db, userId, courseIds),
);

/**
 * Per course: the completion rule's counts (`progressCounts`), and the learner's next lesson: the first
 * published lesson, in module then lesson order, with a file they have not completed (absent when every
 * lesson is done or none holds a file). Two queries for any number of courses.
 */
export async function courseStandings(db: Db, userId: string, courseIds: string[]) {
  const counts = new Map(courseIds.map((id) => [id, emptyCounts()]));
  const nextLessonIds = new Map<string, string>();
  if (courseIds.length === 0) return { counts, nextLessonIds };
  const [files, assessments] = await Promise.all([
    courseFilesQuery(db, [userId], courseIds),
    assessmentsDoneQuery(db, [userId], courseIds),
  ]);
  for (const file of files) {
    const c = counts.get(file.course_id);
    if (!c) continue;
    const done = Boolean(file.done);
    if (file.kind === "video") {
      c.totalVideos += 1;
      if (done) c.videosCompleted += 1;
    } else {
      c.totalResources += 1;
      if (done) c.resourcesViewed += 1;
    }
    if (!done && !nextLessonIds.has(file.course_id)) nextLessonIds.set(file.course_id, file.lesson_id);
  }
  for (const row of assessments) {
    const c = counts.get(row.course_id);
    if (!c) continue;
    c.requiredAssessments = Number(row.count);
    c.assessmentsPassed = Number(row.passed ?? 0);
  }
  return { counts, nextLessonIds };
}

/** The completion rule's counts per course. */
export async function progressCounts(db: Db, userId: string, courseIds: string[]) {
  return (await courseStandings(db, userId, courseIds)).counts;
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
