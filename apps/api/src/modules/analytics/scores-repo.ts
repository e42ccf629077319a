import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/**
 * Per learner: published assessments whose due date (theirs, after an override) has passed with
 * nothing handed in. An attempt still open past its own deadline counts as handed in: it is closed
 * with what was saved by then.
 */
export function missingWork(courseId: string, now: string) {
  return sql<{ user_id: string; missing: number }>`
    select e.user_id, count(a.id) as missing
    from enrollments e
    inner join assessments a on a.course_id = e.course_id and a.published = 1
    left join assessment_overrides o on o.assessment_id = a.id and o.user_id = e.user_id
    where e.course_id = ${courseId}
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

/**
 * `missingWork` for a page of learners, counted here from three narrow reads instead of probing
 * every (learner, assessment) pair in SQL: the course's published assessments, the page's moved
 * due dates, and which pairs were handed in. Finished attempts come from the gradebook's covering
 * index (migration 012) alone; only open attempts are read for their deadline.
 */
export async function pageMissing(db: Db, courseId: string, userIds: string[], now: string) {
  if (userIds.length === 0) return [];
  const assessments = await db
    .selectFrom("assessments")
    .select(["id", "due_date"])
    .where("course_id", "=", courseId)
    .where("published", "=", 1)
    .execute();
  const assessmentIds = assessments.map((a) => a.id);
  if (assessmentIds.length === 0) return [];
  const attempts = db
    .selectFrom("assessment_attempts")
    .select(["user_id", "assessment_id"])
    .where("user_id", "in", userIds)
    .where("assessment_id", "in", assessmentIds);
  const [moved, finished, overdue] = await Promise.all([
    db
      .selectFrom("assessment_overrides")
      .select(["user_id", "assessment_id", "due_date"])
      .where("user_id", "in", userIds)
      .where("assessment_id", "in", assessmentIds)
      .where("due_date", "is not", null)
      .execute(),
    attempts.where("state", "<>", "in_progress").execute(),
    attempts.where("state", "=", "in_progress").where("deadline_at", "<", now).execute(),
  ]);
  const pair = (row: { user_id: string; assessment_id: string }) => `${row.user_id}/${row.assessment_id}`;
  const handedIn = new Set([...finished, ...overdue].map(pair));
  const dueOf = new Map(moved.map((o) => [pair(o), o.due_date]));
  return userIds.map((userId) => ({
    user_id: userId,
    missing: assessments.filter((a) => {
      const key = pair({ user_id: userId, assessment_id: a.id });
      const due = dueOf.get(key) ?? a.due_date;
      return due !== null && due < now && !handedIn.has(key);
    }).length,
  }));
}
