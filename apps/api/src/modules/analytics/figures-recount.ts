import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

/**
 * Sets the trigger-kept course figures and sort keys (migration 061) to what their rows say. A
 * restore needs it: the archive's copies arrive beside rows whose inserts the triggers count again.
 */
export async function recountCourseFigures(db: Kysely<Database>): Promise<void> {
  for (const table of [
    "course_enrollment_figures",
    "course_enrollment_days",
    "course_stop_counts",
    "assessment_score_figures",
    "session_figures",
    "student_sort_keys",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  await sql`insert into course_enrollment_figures (course_id, learners, completed, progress_sum)
    select course_id, count(*), sum(case when status = 'completed' then 1 else 0 end), sum(progress)
    from enrollments group by course_id`.execute(db);
  await sql`insert into course_enrollment_days (course_id, day, learners)
    select course_id, substr(enrolled_at, 1, 10), count(*) from enrollments
    group by course_id, substr(enrolled_at, 1, 10)`.execute(db);
  await sql`insert into course_stop_counts (course_id, lesson_id, learners)
    select course_id, coalesce(last_lesson_id, ''), count(*) from enrollments where status <> 'completed'
    group by course_id, coalesce(last_lesson_id, '')`.execute(db);
  await sql`insert into assessment_score_figures (course_id, assessment_id, graded, score_sum, shared, share_sum)
    select course_id, assessment_id, count(*), sum(cast(score as double precision)),
      sum(case when possible > 0 then 1 else 0 end),
      coalesce(sum(case when possible > 0 then cast(score / possible as double precision) end), 0)
    from learner_scores group by course_id, assessment_id`.execute(db);
  await sql`insert into session_figures (session_id, expected, attended)
    select s.id,
      (select count(*) from enrollments e where e.course_id = s.course_id and e.enrolled_at <= s.ends_at),
      (select count(*) from session_attendance a inner join enrollments e on e.user_id = a.user_id
        and e.course_id = s.course_id where a.session_id = s.id and e.enrolled_at <= s.ends_at)
    from sessions s`.execute(db);
  await sql`insert into student_sort_keys (enrollment_id, course_id, user_id, name, email, grade, search_text)
    select e.id, e.course_id, e.user_id, u.name, u.email, g.grade, lower(u.name) || ${"\n"} || lower(u.email)
    from enrollments e inner join users u on u.id = e.user_id
    left join learner_grades g on g.course_id = e.course_id and g.user_id = e.user_id`.execute(db);
}
