import { type Kysely, PostgresAdapter, sql } from "kysely";

// The gradebook's learner rows kept serialised: a page reads 25 stored rows instead of
// computing every cell. Database triggers invalidate them on every write path (grading, imports,
// course copy, deletions, restore) without each service knowing:
// - gradebook_rows: per (course, learner) the row's JSON text without its package scores (those are
//   read per page), `stale_at` (the earliest due date still ahead when it was computed, after which a
//   cell may turn "missing" with no write), the course `version` it was computed at, and the `token`
//   of the request computing it. A write on an input of one learner's row clears it (row_json and
//   token to null, inserting the empty row if absent: on PostgreSQL that row lock makes a reader that
//   computes the same row wait for the write to commit).
// - gradebook_courses: a course's version, bumped by a write on its columns (assessments); a stored row
//   of an older version is not used. And its number of enrolled learners (a page's total without
//   counting 5,000 enrollments), kept by the enrollments' triggers; a course without a row is counted.
// Both are derived: a backup leaves them out and a restore empties them. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("gradebook_rows")
    .addColumn("course_id", "varchar(24)", (c) => c.notNull())
    .addColumn("user_id", "varchar(24)", (c) => c.notNull())
    .addColumn("row_json", "text")
    .addColumn("stale_at", "varchar(32)")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("token", "varchar(32)")
    .addPrimaryKeyConstraint("gradebook_rows_pk", ["course_id", "user_id"])
    .execute();
  await db.schema
    .createTable("gradebook_courses")
    .addColumn("course_id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("learners", "integer", (c) => c.notNull())
    .execute();
  await sql`insert into gradebook_courses (course_id, version, learners)
    select course_id, 0, count(*) from enrollments group by course_id`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** Clears the stored rows of (course, user) pairs selected by `pairs` (a select of course_id, user_id). */
const clearRows = (pairs: string) =>
  `insert into gradebook_rows (course_id, user_id, version) ${pairs}
     on conflict (course_id, user_id) do update set row_json = null, token = null;`;

/** The learner's row in the course of an assessment. */
const clearLearner = (assessment: string, user: string) =>
  clearRows(`select course_id, ${user}, 0 from assessments where id = ${assessment}`);

/** Creates the course's row if absent (counting its learners), else applies `change`. */
const courseRow = (course: string, version: number, change: string) =>
  `insert into gradebook_courses (course_id, version, learners)
     select ${course}, ${version}, count(*) from enrollments where course_id = ${course}
     on conflict (course_id) do update set ${change};`;

const bumpCourse = (course: string) => courseRow(course, 1, "version = gradebook_courses.version + 1");
const learnerJoined = courseRow("new.course_id", 0, "learners = gradebook_courses.learners + 1");
const learnerLeft = "update gradebook_courses set learners = learners - 1 where course_id = old.course_id;";

/** The columns of assessments a stored row depends on (its cells, their order, the weights). */
const COLUMN_FIELDS = "published, due_date, scoring_rule, weight, created_at, course_id";

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const statements: string[] = [];
  for (const table of ["assessment_attempts", "assessment_overrides"]) {
    statements.push(
      `create trigger ${table}_gradebook_insert after insert on ${table} begin
        ${clearLearner("new.assessment_id", "new.user_id")} end`,
      `create trigger ${table}_gradebook_update after update on ${table} begin
        ${clearLearner("old.assessment_id", "old.user_id")} ${clearLearner("new.assessment_id", "new.user_id")} end`,
      `create trigger ${table}_gradebook_delete after delete on ${table} begin
        ${clearLearner("old.assessment_id", "old.user_id")} end`,
    );
  }
  statements.push(
    `create trigger enrollments_gradebook_insert after insert on enrollments begin
      ${clearRows("select new.course_id, new.user_id, 0 where true")} ${learnerJoined} end`,
    `create trigger enrollments_gradebook_delete after delete on enrollments begin
      delete from gradebook_rows where course_id = old.course_id and user_id = old.user_id; ${learnerLeft} end`,
    `create trigger users_gradebook_update after update of name, email on users begin
      ${clearRows("select course_id, user_id, 0 from enrollments where user_id = new.id")} end`,
    `create trigger assessments_gradebook_insert after insert on assessments begin
      ${bumpCourse("new.course_id")} end`,
    `create trigger assessments_gradebook_update after update of ${COLUMN_FIELDS} on assessments begin
      ${bumpCourse("old.course_id")} ${bumpCourse("new.course_id")} end`,
    `create trigger assessments_gradebook_delete after delete on assessments begin
      ${bumpCourse("old.course_id")} end`,
  );
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  const functions: Record<string, string> = {
    gradebook_attempt_changed: `
      if tg_op <> 'INSERT' then ${clearLearner("old.assessment_id", "old.user_id")} end if;
      if tg_op <> 'DELETE' then ${clearLearner("new.assessment_id", "new.user_id")} end if;`,
    gradebook_enrollment_changed: `
      if tg_op = 'INSERT' then ${clearRows("select new.course_id, new.user_id, 0")} ${learnerJoined}
      else delete from gradebook_rows where course_id = old.course_id and user_id = old.user_id; ${learnerLeft}
      end if;`,
    gradebook_user_changed: clearRows("select course_id, user_id, 0 from enrollments where user_id = new.id"),
    gradebook_assessment_changed: `
      if tg_op <> 'INSERT' then ${bumpCourse("old.course_id")} end if;
      if tg_op <> 'DELETE' then ${bumpCourse("new.course_id")} end if;`,
  };
  for (const [name, body] of Object.entries(functions)) {
    await sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`)
      .execute(db);
  }
  const triggers = [
    "assessment_attempts_gradebook after insert or update or delete on assessment_attempts for each row execute function gradebook_attempt_changed()",
    "assessment_overrides_gradebook after insert or update or delete on assessment_overrides for each row execute function gradebook_attempt_changed()",
    "enrollments_gradebook after insert or delete on enrollments for each row execute function gradebook_enrollment_changed()",
    "users_gradebook after update of name, email on users for each row execute function gradebook_user_changed()",
    "assessments_gradebook_write after insert or delete on assessments for each row execute function gradebook_assessment_changed()",
    `assessments_gradebook_update after update of ${COLUMN_FIELDS} on assessments for each row execute function gradebook_assessment_changed()`,
  ];
  for (const trigger of triggers) await sql.raw(`create trigger ${trigger}`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const triggers = postgres
    ? [
        "assessment_attempts_gradebook on assessment_attempts",
        "assessment_overrides_gradebook on assessment_overrides",
        "enrollments_gradebook on enrollments",
        "users_gradebook on users",
        "assessments_gradebook_write on assessments",
        "assessments_gradebook_update on assessments",
      ]
    : [
        ...["assessment_attempts", "assessment_overrides"].flatMap((t) =>
          ["insert", "update", "delete"].map((op) => `${t}_gradebook_${op}`),
        ),
        "enrollments_gradebook_insert",
        "enrollments_gradebook_delete",
        "users_gradebook_update",
        ...["insert", "update", "delete"].map((op) => `assessments_gradebook_${op}`),
      ];
  for (const trigger of triggers) await sql.raw(`drop trigger ${trigger}`).execute(db);
  if (postgres) {
    for (const name of [
      "gradebook_attempt_changed",
      "gradebook_enrollment_changed",
      "gradebook_user_changed",
      "gradebook_assessment_changed",
    ]) {
      await sql.raw(`drop function ${name}()`).execute(db);
    }
  }
  await db.schema.dropTable("gradebook_courses").execute();
  await db.schema.dropTable("gradebook_rows").execute();
}
