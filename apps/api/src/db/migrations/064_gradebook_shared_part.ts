import { type Kysely, PostgresAdapter, sql } from "kysely";

// The gradebook's shared part kept serialised per course: its columns (`assessments`) and
// its package/LTI columns (`packages`) as JSON text on the course's gradebook row (migration 060), so
// a first page reads them with the course instead of building them from 40 assessments and the
// lessons' packages on every request. Any write on what they are built from (assessments, SCORM
// packages, LTI line items and links, the lessons and modules that order and title them) clears
// them and the token of a request computing them, in the writing transaction, on every write path.
// Derived like the rest of gradebook_courses: a backup leaves them out, a restore empties them.
// And an index that tells which of a page's stored rows hold, and the token each was stored under,
// without reading their text (a row's text spans overflow pages; the api keeps texts in memory by
// token, see modules/gradebook/row-texts.ts).
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ["assessments_json", "packages_json"]) {
    await db.schema.alterTable("gradebook_courses").addColumn(column, "text").execute();
  }
  await db.schema.alterTable("gradebook_courses").addColumn("shared_token", "varchar(32)").execute();
  await sql
    .raw("create index gradebook_rows_page_idx on gradebook_rows (course_id, user_id, version, stale_at, token)")
    .execute(db);
  // Rows stored before kept no token: computed again on their next read, and stored with one.
  await sql`delete from gradebook_rows where token is null`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** The tables the shared part is built from, and the columns whose update changes it. */
const SOURCES: [table: string, columns: string | null][] = [
  ["assessments", null],
  ["scorm_packages", null],
  ["lti_line_items", null],
  ["lti_links", "lesson_id, course_id"],
  ["lessons", "title, is_published, sort_order, module_id, course_id"],
  ["modules", "sort_order, course_id"],
];

/**
 * Clears the course's shared part, creating its row if absent (counting its learners as 060 does):
 * on PostgreSQL the written row makes a request claiming it wait for the write to commit.
 */
const clearShared = (course: string) =>
  `insert into gradebook_courses (course_id, version, learners)
     select ${course}, 0, count(*) from enrollments where course_id = ${course}
     on conflict (course_id) do update set assessments_json = null, packages_json = null, shared_token = null;`;

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of SOURCES) {
    const update = columns ? `update of ${columns}` : "update";
    for (const statement of [
      `create trigger ${table}_gradebook_shared_insert after insert on ${table} begin ${clearShared("new.course_id")} end`,
      `create trigger ${table}_gradebook_shared_update after ${update} on ${table} begin
        ${clearShared("old.course_id")} ${clearShared("new.course_id")} end`,
      `create trigger ${table}_gradebook_shared_delete after delete on ${table} begin ${clearShared("old.course_id")} end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
  }
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create function gradebook_shared_changed() returns trigger language plpgsql as $$ begin
      if tg_op <> 'INSERT' then ${clearShared("old.course_id")} end if;
      if tg_op <> 'DELETE' then ${clearShared("new.course_id")} end if;
      return null; end $$`)
    .execute(db);
  for (const [table, columns] of SOURCES) {
    const update = columns ? `update of ${columns}` : "update";
    await sql
      .raw(`create trigger ${table}_gradebook_shared after insert or ${update} or delete on ${table}
        for each row execute function gradebook_shared_changed()`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table] of SOURCES) {
    const triggers = postgres
      ? [`${table}_gradebook_shared on ${table}`]
      : ["insert", "update", "delete"].map((op) => `${table}_gradebook_shared_${op}`);
    for (const trigger of triggers) await sql.raw(`drop trigger ${trigger}`).execute(db);
  }
  if (postgres) await sql.raw("drop function gradebook_shared_changed()").execute(db);
  await sql`drop index gradebook_rows_page_idx`.execute(db);
  for (const column of ["shared_token", "packages_json", "assessments_json"]) {
    await db.schema.alterTable("gradebook_courses").dropColumn(column).execute();
  }
}
