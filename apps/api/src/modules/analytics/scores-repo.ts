import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

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

/** Points earned and possible of a page of learners: their stored grade rows (migration 028). */
export const pageGrades = (db: Db, courseId: string, userIds: string[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("learner_grades")
        .select(["user_id", "earned", "possible"])
        .where("course_id", "=", courseId)
        .where("user_id", "in", userIds)
        .execute();

export const pageMissing = async (db: Db, courseId: string, userIds: string[], now: string) =>
  userIds.length === 0 ? [] : (await missingWork(courseId, userIds, now).execute(db)).rows;
