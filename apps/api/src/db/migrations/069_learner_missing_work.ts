import { type Kysely, PostgresAdapter, sql } from "kysely";

// The students list's missing-work count kept per learner, so a page reads its learners' stored counts instead
// of counting each learner's handed-in work against the course's due dates on every request.
// - learner_missing_work: per (course, learner) the `missing` count, `stale_at` (the earliest due date
//   or attempt deadline still ahead when it was counted, after which the count may move with no
//   write), the course's assessments `version` it was counted at (gradebook_courses.version, bumped by
//   migration 060's triggers on every change to a course's assessments; a course without that row is at
//   version 0), and the `token` of the request counting it.
// - A write on one learner's attempts or due-date overrides, or their enrolling, clears their row
//   (missing and token to null, inserting the empty row if absent: on PostgreSQL that row lock makes a
//   reader that counts the same learner wait for the write to commit); leaving the course deletes it.
// Derived: a backup leaves it out and a restore empties it. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("learner_missing_work")
    .addColumn("course_id", "varchar(24)", (c) => c.notNull())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull())
    .addColumn("missing", "integer")
    .addColumn("stale_at", "varchar(32)")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("token", "varchar(32)")
    .addPrimaryKeyConstraint("learner_missing_work_pk", ["course_id", "user_id"])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** Clears the stored count of the (course, user) pair selected by `pair`. */
const clearCount = (pair: string) =>
  `insert into learner_missing_work (course_id, user_id) ${pair}
     on conflict (course_id, user_id) do update set missing = null, token = null;`;

/** The learner's count in the course of an assessment. */
const clearLearner = (assessment: string, user: string) =>
  clearCount(`select course_id, ${user} from assessments where id = ${assessment}`);

const forgetLearner = "delete from learner_missing_work where course_id = old.course_id and user_id = old.user_id;";

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const statements: string[] = [];
  for (const table of ["assessment_attempts", "assessment_overrides"]) {
    statements.push(
      `create trigger ${table}_missing_work_insert after insert on ${table} begin
        ${clearLearner("new.assessment_id", "new.user_id")} end`,
      `create trigger ${table}_missing_work_update after update on ${table} begin
        ${clearLearner("old.assessment_id", "old.user_id")} ${clearLearner("new.assessment_id", "new.user_id")} end`,
      `create trigger ${table}_missing_work_delete after delete on ${table} begin
        ${clearLearner("old.assessment_id", "old.user_id")} end`,
    );
  }
  statements.push(
    `create trigger enrollments_missing_work_insert after insert on enrollments begin
      ${clearCount("select new.course_id, new.user_id where true")} end`,
    `create trigger enrollments_missing_work_delete after delete on enrollments begin ${forgetLearner} end`,
  );
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  const functions: Record<string, string> = {
    missing_work_attempt_changed: `
      if tg_op <> 'INSERT' then ${clearLearner("old.assessment_id", "old.user_id")} end if;
      if tg_op <> 'DELETE' then ${clearLearner("new.assessment_id", "new.user_id")} end if;`,
    missing_work_enrollment_changed: `
      if tg_op = 'INSERT' then ${clearCount("select new.course_id, new.user_id")}
      else ${forgetLearner}
      end if;`,
  };
  for (const [name, body] of Object.entries(functions)) {
    await sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`)
      .execute(db);
  }
  const triggers = [
    "assessment_attempts_missing_work after insert or update or delete on assessment_attempts for each row execute function missing_work_attempt_changed()",
    "assessment_overrides_missing_work after insert or update or delete on assessment_overrides for each row execute function missing_work_attempt_changed()",
    "enrollments_missing_work after insert or delete on enrollments for each row execute function missing_work_enrollment_changed()",
  ];
  for (const trigger of triggers) await sql.raw(`create trigger ${trigger}`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const triggers = postgres
    ? [
        "assessment_attempts_missing_work on assessment_attempts",
        "assessment_overrides_missing_work on assessment_overrides",
        "enrollments_missing_work on enrollments",
      ]
    : [
        ...["assessment_attempts", "assessment_overrides"].flatMap((t) =>
          ["insert", "update", "delete"].map((op) => `${t}_missing_work_${op}`),
        ),
        "enrollments_missing_work_insert",
        "enrollments_missing_work_delete",
      ];
  for (const trigger of triggers) await sql.raw(`drop trigger ${trigger}`).execute(db);
  if (postgres) {
    for (const name of ["missing_work_attempt_changed", "missing_work_enrollment_changed"]) {
      await sql.raw(`drop function ${name}()`).execute(db);
    }
  }
  await db.schema.dropTable("learner_missing_work").execute();
}
