import { atRiskCutoff } from "@lms/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/** Enrollment counts and the mean progress of a course's learners, with the at-risk count. */
export async function enrollmentFigures(db: Db, courseId: string, now: Date) {
  const { enrolledBefore, progressBelow } = atRiskCutoff(now.getTime());
  const row = await db
    .selectFrom("enrollments")
    .select((eb) => [
      eb.fn.countAll().as("total"),
      eb.fn.sum(sql<number>`case when status = 'completed' then 1 else 0 end`).as("completed"),
      eb.fn.avg("progress").as("average_progress"),
      eb.fn
        .sum(
          sql<number>`case when status <> 'completed' and enrolled_at < ${enrolledBefore}
            and progress < ${progressBelow} then 1 else 0 end`,
        )
        .as("at_risk"),
    ])
    .where("course_id", "=", courseId)
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    completed: Number(row.completed ?? 0),
    atRisk: Number(row.at_risk ?? 0),
    averageProgress: row.average_progress === null ? 0 : Number(row.average_progress),
  };
}

/** New enrollments per UTC day from `from` (an ISO instant), and how many came before it. */
export async function enrollmentsByDay(db: Db, courseId: string, from: string) {
  const day = sql<string>`substr(enrolled_at, 1, 10)`;
  const [days, before] = await Promise.all([
    db
      .selectFrom("enrollments")
      .select([day.as("day"), (eb) => eb.fn.countAll().as("count")])
      .where("course_id", "=", courseId)
      .where("enrolled_at", ">=", from)
      .groupBy(day)
      .execute(),
    db
      .selectFrom("enrollments")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("course_id", "=", courseId)
      .where("enrolled_at", "<", from)
      .executeTakeFirstOrThrow(),
  ]);
  return { days: days.map((d) => ({ day: d.day, count: Number(d.count) })), before: Number(before.count) };
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
    select a.id, a.title, a.type, a.total_points,
      coalesce(c.graded, 0) as graded, c.average_score, c.average_share
    from assessments a
    left join (
      select assessment_id, count(*) as graded, avg(score) as average_score,
        avg(case when possible > 0 then score / possible end) as average_share
      from learner_scores
      where course_id = ${courseId}
      group by assessment_id
    ) c on c.assessment_id = a.id
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
    select s.id, s.title, s.scheduled_at,
      (select count(*) from enrollments e
        where e.course_id = s.course_id and e.enrolled_at <= s.ends_at) as expected,
      (select count(distinct a.user_id) from session_attendance a
        inner join enrollments e on e.user_id = a.user_id and e.course_id = s.course_id
        where a.session_id = s.id and e.enrolled_at <= s.ends_at) as attended
    from sessions s
    where s.course_id = ${courseId}
      and (s.status = 'completed' or (s.status = 'scheduled' and s.ends_at <= ${now}))
    order by s.scheduled_at, s.id`.execute(db);
  return rows;
}

/** Learners who have not completed the course, counted by the lesson of their latest view (null: none yet). */
export const stopCounts = (db: Db, courseId: string) =>
  db
    .selectFrom("enrollments")
    .select(["last_lesson_id", (eb) => eb.fn.countAll().as("count")])
    .where("course_id", "=", courseId)
    .where("status", "<>", "completed")
    .groupBy("last_lesson_id")
    .execute();

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
