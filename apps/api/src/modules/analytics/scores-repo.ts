import { type Kysely, PostgresAdapter, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
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

const publishedAssessments = compiledOnce((db, courseId: string) =>
  db.selectFrom("assessments").select(["id", "due_date"]).where("course_id", "=", courseId).where("published", "=", 1),
);

/** A learner's missing work and when it may move with no write (ISO; null if it cannot). */
interface MissingCount {
  user_id: string;
  missing: number;
  staleAt: string | null;
}

/**
 * `missingWork` for a page of learners without reading their attempts one by one: the handed-in
 * work of each learner among the assessments due by now is counted in SQL from the gradebook's
 * covering index (migration 012), and only the (learner, assessment) pairs whose due date an
 * override moved are checked one at a time. Each count holds until the learner's next due date, or
 * the deadline of an attempt they have open, whichever comes first.
 */
export async function pageMissing(db: Db, courseId: string, userIds: string[], now: string): Promise<MissingCount[]> {
  if (userIds.length === 0) return [];
  const assessments = await publishedAssessments(db, courseId);
  if (assessments.length === 0) return userIds.map((userId) => ({ user_id: userId, missing: 0, staleAt: null }));
  const assessmentIds = assessments.map((a) => a.id);
  const isPast = (due: string | null) => due !== null && due < now;
  const dueByDefault = assessments.filter((a) => isPast(a.due_date)).map((a) => a.id);
  const moved = await db
    .selectFrom("assessment_overrides")
    .select(["user_id", "assessment_id", "due_date"])
    .where("user_id", "in", userIds)
    .where("assessment_id", "in", assessmentIds)
    .where("due_date", "is not", null)
    .execute();
  const [counted, movedHandedIn, deadlines] = await Promise.all([
    handedInCounts(db, userIds, dueByDefault, now),
    handedInPairs(db, moved, now),
    nextOpenDeadlines(db, userIds, assessmentIds, now),
  ]);
  const countOf = new Map(counted.map((row) => [row.user_id, Number(row.handed_in)]));
  const defaultDue = new Map(assessments.map((a) => [a.id, a.due_date]));
  const deadlineOf = new Map(deadlines.map((row) => [row.user_id, row.next]));
  return userIds.map((userId) => {
    // Due by default and not handed in, then each moved due date of this learner corrected for.
    let missing = dueByDefault.length - (countOf.get(userId) ?? 0);
    const ownDue = new Map(defaultDue);
    for (const override of moved) {
      if (override.user_id !== userId) continue;
      ownDue.set(override.assessment_id, override.due_date);
      const wasDue = isPast(defaultDue.get(override.assessment_id) ?? null);
      const isDue = isPast(override.due_date);
      if (wasDue === isDue) continue;
      const open = movedHandedIn.has(`${userId}/${override.assessment_id}`) ? 0 : 1;
      missing += isDue ? open : -open;
    }
    const ahead = [...ownDue.values(), deadlineOf.get(userId) ?? null].filter(
      (at): at is string => at !== null && !isPast(at),
    );
    return { user_id: userId, missing, staleAt: ahead.sort()[0] ?? null };
  });
}

/** An attempt counts as handed in once finished, or when still open past its own deadline. */
const handedIn = (now: string) => sql<boolean>`(state <> 'in_progress' or deadline_at < ${now})`;

/**
 * The assessment column as the handed-in count tests it. SQLite would probe the index once per
 * (learner, assessment) pair; unary plus keeps it off that column, so each learner's attempts are read
 * as one range of the index (migration 066) and their assessments tested there: half the cost. PostgreSQL
 * plans by its statistics and reads it plainly.
 */
const assessmentTested = (db: Db) =>
  db.getExecutor().adapter instanceof PostgresAdapter ? sql.ref("assessment_id") : sql<string>`+assessment_id`;

/** Per learner of the page: how many of the given assessments they handed in. */
function handedInCounts(db: Db, userIds: string[], assessmentIds: string[], now: string) {
  if (assessmentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("assessment_attempts")
    .select(["user_id", (eb) => eb.fn.count("assessment_id").distinct().as("handed_in")])
    .where("user_id", "in", userIds)
    .where(assessmentTested(db), "in", assessmentIds)
    .where(handedIn(now))
    .groupBy("user_id")
    .execute();
}

/** Of the given (learner, assessment) pairs, those handed in, as "user/assessment" keys. */
async function handedInPairs(db: Db, pairs: { user_id: string; assessment_id: string }[], now: string) {
  if (pairs.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom("assessment_attempts")
    .select(["user_id", "assessment_id"])
    .where((eb) =>
      eb.or(pairs.map((p) => eb.and([eb("user_id", "=", p.user_id), eb("assessment_id", "=", p.assessment_id)]))),
    )
    .where(handedIn(now))
    .execute();
  return new Set(rows.map((row) => `${row.user_id}/${row.assessment_id}`));
}

/**
 * Per learner of the page: the earliest deadline still ahead of an attempt they have open on these
 * assessments (once it passes, the attempt counts as handed in).
 */
function nextOpenDeadlines(db: Db, userIds: string[], assessmentIds: string[], now: string) {
  return db
    .selectFrom("assessment_attempts")
    .select(["user_id", (eb) => eb.fn.min<string>("deadline_at").as("next")])
    .where("user_id", "in", userIds)
    .where("assessment_id", "in", assessmentIds)
    .where("state", "=", "in_progress")
    .where("deadline_at", ">=", now)
    .groupBy("user_id")
    .execute();
}
