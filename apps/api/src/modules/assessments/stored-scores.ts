import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "../../db/types.js";
import { settleCompletion } from "../progress/completion.js";

type Db = Kysely<Database>;

/** Which stored scores to compute again: a course, narrowed to some learners and/or one assessment. */
export interface ScoreScope {
  courseId: string;
  userIds?: readonly string[];
  assessmentId?: string;
}

const inUsers = (column: string, scope: ScoreScope) =>
  scope.userIds ? sql`and ${sql.ref(column)} in (${sql.join(scope.userIds)})` : sql``;

/**
 * The score that counts per enrolled learner and published assessment in the scope: highest, latest
 * or average of the graded attempts, as the scoring rule says (`countedScore` of grading.ts in SQL).
 */
const countedScores = (scope: ScoreScope) => sql`
  select r.course_id, r.user_id, r.assessment_id,
    case max(r.scoring_rule)
      when 'average' then avg(r.score)
      when 'latest' then max(case when r.number = r.newest then r.score end)
      else max(r.score)
    end,
    max(r.max_points)
  from (
    select a.course_id, t.assessment_id, t.user_id, t.number, t.score, t.max_points, a.scoring_rule,
      max(t.number) over (partition by t.assessment_id, t.user_id) as newest
    from assessments a
    inner join assessment_attempts t on t.assessment_id = a.id
    inner join enrollments e on e.user_id = t.user_id and e.course_id = a.course_id
    where a.course_id = ${scope.courseId} ${inUsers("t.user_id", scope)}
      ${scope.assessmentId ? sql`and a.id = ${scope.assessmentId}` : sql``}
      and a.published = 1 and t.state = 'graded' and t.score is not null
  ) r
  group by r.course_id, r.user_id, r.assessment_id`;

/** Sums the stored scores of the scope's learners into their grade rows (none left: no row). */
async function refreshGrades(db: Db, scope: ScoreScope): Promise<void> {
  await sql`delete from learner_grades where course_id = ${scope.courseId} ${inUsers("user_id", scope)}`.execute(db);
  await sql`
    insert into learner_grades (course_id, user_id, earned, possible, grade)
    select course_id, user_id, sum(score), sum(possible),
      case when sum(possible) > 0 then sum(score) / sum(possible) end
    from learner_scores
    where course_id = ${scope.courseId} ${inUsers("user_id", scope)}
    group by course_id, user_id`.execute(db);
}

/**
 * Computes the scope's stored scores and grade rows again from the attempts, then the learners'
 * course completion (a passed assessment may complete it). Run in the transaction
 * that changed what they derive from. For some learners on PostgreSQL it first locks their enrollment
 * rows, so two changes of one learner's scores (say a submit and a hand grade) sum in turn.
 */
export async function refreshScores(db: Db, scope: ScoreScope): Promise<void> {
  if (scope.userIds?.length === 0) return;
  // SQLite has one writer at a time, so there the transaction already keeps them apart.
  if (scope.userIds && db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`update enrollments set user_id = user_id
      where course_id = ${scope.courseId} ${inUsers("user_id", scope)}`.execute(db);
  }
  await sql`delete from learner_scores where course_id = ${scope.courseId} ${inUsers("user_id", scope)}
    ${scope.assessmentId ? sql`and assessment_id = ${scope.assessmentId}` : sql``}`.execute(db);
  await sql`insert into learner_scores (course_id, user_id, assessment_id, score, possible)
    ${countedScores(scope)}`.execute(db);
  await refreshGrades(db, { courseId: scope.courseId, userIds: scope.userIds });
  await settleCompletion(db, { courseId: scope.courseId, userIds: scope.userIds });
}

/** After an attempt's state or score changed: its learner's score on its assessment. */
export async function refreshScoresOfAttempt(db: Db, attemptId: string): Promise<void> {
  const owner = await db
    .selectFrom("assessment_attempts as t")
    .innerJoin("assessments as a", "a.id", "t.assessment_id")
    .select(["a.course_id", "t.user_id", "t.assessment_id"])
    .where("t.id", "=", attemptId)
    .executeTakeFirst();
  if (owner) {
    await refreshScores(db, { courseId: owner.course_id, userIds: [owner.user_id], assessmentId: owner.assessment_id });
  }
}

/** After an assessment was published, hidden, deleted or its scoring rule changed: its course. */
export async function refreshScoresOfCourse(db: Db, courseId: string, assessmentId?: string): Promise<void> {
  await refreshScores(db, { courseId, assessmentId });
}
