import { atRiskCutoff } from "@lms/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/**
 * Enrollment counts and the mean progress of a course's learners (stored by migration 061's
 * triggers), with the at-risk count: its cutoff moves with the clock, so it is counted from the
 * course's at-risk index alone.
 */
export async function enrollmentFigures(db: Db, courseId: string, now: Date) {
  const { enrolledBefore, progressBelow } = atRiskCutoff(now.getTime());
  const [stored, atRisk] = await Promise.all([
    db
      .selectFrom("course_enrollment_figures")
      .select(["learners", "completed", "progress_sum"])
      .where("course_id", "=", courseId)
      .executeTakeFirst(),
    db
      .selectFrom("enrollments")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("course_id", "=", courseId)
      .where("progress", "<", progressBelow)
      .where("enrolled_at", "<", enrolledBefore)
      .where("status", "<>", "completed")
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(stored?.learners ?? 0);
  return {
    total,
    completed: Number(stored?.completed ?? 0),
    atRisk: Number(atRisk.n),
    averageProgress: total > 0 ? Number(stored?.progress_sum) / total : 0,
  };
}

/** New enrollments per UTC day from `from` (the first instant of a UTC day), and how many came before it. */
export async function enrollmentsByDay(db: Db, courseId: string, from: string) {
  const firstDay = from.slice(0, 10);
  const [days, before] = await Promise.all([
    db
      .selectFrom("course_enrollment_days")
      .select(["day", "learners"])
      .where("course_id", "=", courseId)
      .where("day", ">=", firstDay)
      .where("learners", ">", 0)
      .execute(),
    db
      .selectFrom("course_enrollment_days")
      .select((eb) => eb.fn.sum<number | string | null>("learners").as("count"))
      .where("course_id", "=", courseId)
      .where("day", "<", firstDay)
      .executeTakeFirstOrThrow(),
  ]);
  return { days: days.map((d) => ({ day: d.day, count: Number(d.learners) })), before: Number(before.count ?? 0) };
}

/** The course's published assessments, oldest first, with the mean stored counted score of the learners graded. */
export async function assessmentFigures(db: Db, courseId: string) {
  const { rows } = await sql<{
    id: string;
    title: string;
    type: string;
    total_points: number;
    graded: number | string;
    average_score: number | string | null;
    average_share: number | string | null;
  }>`
    select a.id, a.title, a.type, a.total_points, coalesce(f.graded, 0) as graded,
      case when f.graded > 0 then f.score_sum / f.graded end as average_score,
      case when f.shared > 0 then f.share_sum / f.shared end as average_share
    from assessments a
    left join assessment_score_figures f on f.course_id = a.course_id and f.assessment_id = a.id
    where a.course_id = ${courseId} and a.published = 1
    order by a.created_at, a.id`.execute(db);
  return rows;
}

/**
 * Sessions of the course that are over (completed, or scheduled and past their end; cancelled
 * ones are neither), oldest first: learners enrolled by the session's end, and those who joined.
 */
export async function sessionAttendance(db: Db, courseId: string, now: string) {
  const { rows } = await sql<{
    id: string;
    title: string;
    scheduled_at: string;
    expected: number | string;
    attended: number | string;
  }>`
    select s.id, s.title, s.scheduled_at, coalesce(f.expected, 0) as expected, coalesce(f.attended, 0) as attended
    from sessions s
    left join session_figures f on f.session_id = s.id
    where s.course_id = ${courseId}
      and (s.status = 'completed' or (s.status = 'scheduled' and s.ends_at <= ${now}))
    order by s.scheduled_at, s.id`.execute(db);
  return rows;
}

/** Learners who have not completed the course, counted by the lesson of their latest view (null: none yet). */
export async function stopCounts(db: Db, courseId: string) {
  const rows = await db
    .selectFrom("course_stop_counts")
    .select(["lesson_id", "learners"])
    .where("course_id", "=", courseId)
    .where("learners", ">", 0)
    .execute();
  return rows.map((row) => ({ last_lesson_id: row.lesson_id === "" ? null : row.lesson_id, count: row.learners }));
}

/** The course's lessons in course order (module order, then lesson order). */
export const lessonsInOrder = (db: Db, courseId: string) =>
  db
    .selectFrom("lessons")
    .innerJoin("modules", "modules.id", "lessons.module_id")
    .select(["lessons.id", "lessons.title", "lessons.is_published", "modules.title as module_title"])
    .where("lessons.course_id", "=", courseId)
    .orderBy("modules.sort_order")
    .orderBy("modules.id")
    .orderBy("lessons.sort_order")
    .orderBy("lessons.id")
    .execute();
