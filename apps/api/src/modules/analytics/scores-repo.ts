import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/**
 * Per learner and published assessment of a course: the score that counts and the points it is out
 * of. This is `countedScore` (assessments/grading.ts) in SQL, so whole courses aggregate in the
 * database: highest, latest or average of the graded attempts, as the assessment's scoring rule
 * says. Only current learners count; `userIds` narrows to a page of them. CROSS JOIN fixes which
 * side SQLite reads first: a page's learners, or a whole course's assessments (through the
 * covering index of migration 014), never every attempt of each assessment to find a page's.
 */
export function countedScores(courseId: string, userIds: readonly string[] | null) {
  const source = userIds
    ? sql`from enrollments e
        cross join assessment_attempts t
        inner join assessments a on a.id = t.assessment_id
        where e.course_id = ${courseId} and e.user_id in (${sql.join(userIds)})
          and t.user_id = e.user_id and a.course_id = e.course_id`
    : sql`from assessments a
        cross join assessment_attempts t
        where a.course_id = ${courseId} and t.assessment_id = a.id
          and exists (select 1 from enrollments e where e.user_id = t.user_id and e.course_id = a.course_id)`;
  return sql<{ assessment_id: string; user_id: string; score: number; possible: number }>`
    select r.assessment_id, r.user_id,
      case max(r.scoring_rule)
        when 'average' then avg(r.score)
        when 'latest' then max(case when r.number = r.newest then r.score end)
        else max(r.score)
      end as score,
      max(r.max_points) as possible
    from (
      select t.assessment_id, t.user_id, t.number, t.score, t.max_points, a.scoring_rule,
        max(t.number) over (partition by t.assessment_id, t.user_id) as newest
      ${source}
        and a.published = 1 and t.state = 'graded' and t.score is not null
    ) r
    group by r.assessment_id, r.user_id`;
}

/** Per learner: points earned and possible over the assessments they have a counted score on. */
export function gradeTotals(courseId: string, userIds: readonly string[] | null) {
  return sql<{ user_id: string; earned: number; possible: number }>`
    select c.user_id, sum(c.score) as earned, sum(c.possible) as possible
    from (${countedScores(courseId, userIds)}) c
    group by c.user_id`;
}

/**
 * Per learner: published assessments whose due date (theirs, after an override) has passed with
 * nothing handed in. An attempt still open past its own deadline counts as handed in: it is closed
 * with what was saved by then.
 */
export function missingWork(courseId: string, userIds: readonly string[] | null, now: string) {
  const narrowed = userIds ? sql`and e.user_id in (${sql.join(userIds)})` : sql``;
  return sql<{ user_id: string; missing: number }>`
    select e.user_id, count(a.id) as missing
    from enrollments e
    inner join assessments a on a.course_id = e.course_id and a.published = 1
    left join assessment_overrides o on o.assessment_id = a.id and o.user_id = e.user_id
    where e.course_id = ${courseId} ${narrowed}
      and coalesce(o.due_date, a.due_date) < ${now}
      and not exists (
        select 1 from assessment_attempts t
        where t.assessment_id = a.id and t.user_id = e.user_id
          and (t.state <> 'in_progress' or t.deadline_at < ${now})
      )
    group by e.user_id`;
}

export const pageGrades = async (db: Db, courseId: string, userIds: string[]) =>
  userIds.length === 0 ? [] : (await gradeTotals(courseId, userIds).execute(db)).rows;

export const pageMissing = async (db: Db, courseId: string, userIds: string[], now: string) =>
  userIds.length === 0 ? [] : (await missingWork(courseId, userIds, now).execute(db)).rows;
