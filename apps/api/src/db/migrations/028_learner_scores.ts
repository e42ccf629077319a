import { type Kysely, sql } from "kysely";

/**
 * Issue 10: counted scores kept instead of aggregated on every read. `learner_scores` holds, per
 * enrolled learner and published assessment with a graded attempt, the score that counts under the
 * scoring rule and the points it is out of; `learner_grades` their sums per learner and course and
 * the grade (earned / possible) the students list sorts by. The api writes both in the transaction
 * that changes what they derive from (assessments/stored-scores.ts); this migration fills them
 * from the attempts already there. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("learner_scores")
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("assessment_id", "varchar(24)", (c) => c.notNull().references("assessments.id").onDelete("cascade"))
    .addColumn("score", "real", (c) => c.notNull())
    .addColumn("possible", "real", (c) => c.notNull())
    .addPrimaryKeyConstraint("learner_scores_pk", ["course_id", "user_id", "assessment_id"])
    .execute();
  // The analytics' mean per assessment of a course reads this alone, already grouped.
  await db.schema
    .createIndex("learner_scores_course_assessment_idx")
    .on("learner_scores")
    .columns(["course_id", "assessment_id", "score", "possible"])
    .execute();
  await db.schema
    .createTable("learner_grades")
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("earned", "real", (c) => c.notNull())
    .addColumn("possible", "real", (c) => c.notNull())
    .addColumn("grade", "real")
    .addPrimaryKeyConstraint("learner_grades_pk", ["course_id", "user_id"])
    .execute();
  // The students list's name, e-mail, grade and missing-work orders sort a course's enrollments by
  // a column of another table: this lets them read the course's (user, enrollment) pairs alone.
  await db.schema
    .createIndex("enrollments_course_user_idx")
    .on("enrollments")
    .columns(["course_id", "user_id", "id"])
    .execute();
  await sql.raw(BACKFILL_SCORES).execute(db);
  await sql.raw(BACKFILL_GRADES).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("enrollments_course_user_idx").execute();
  await db.schema.dropTable("learner_grades").execute();
  await db.schema.dropTable("learner_scores").execute();
}

/** Every course's counted scores (the scoring rule over graded attempts of enrolled learners). */
export const BACKFILL_SCORES = `
insert into learner_scores (course_id, user_id, assessment_id, score, possible)
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
  where a.published = 1 and t.state = 'graded' and t.score is not null
) r
group by r.course_id, r.user_id, r.assessment_id`;

export const BACKFILL_GRADES = `
insert into learner_grades (course_id, user_id, earned, possible, grade)
select course_id, user_id, sum(score), sum(possible),
  case when sum(possible) > 0 then sum(score) / sum(possible) end
from learner_scores
group by course_id, user_id`;
