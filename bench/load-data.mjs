// Data of `npm run bench:load` and `bench:soak`: the demo database grown to 100k users and 10k
// courses (bench/large-data.mjs on SQLite, the same clones in SQL on PostgreSQL). The first N cloned
// learners (bench-<i>@example.test, with the demo learner's password) are enrolled in two demo
// courses that have lesson files and get credits to enrol in more.
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { growDatabase } from "./large-data.mjs";

export const LEARNER_PASSWORD = "Learner123!";
export const learnerEmail = (i) => `bench-${i}@example.test`;

const newId = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0") + randomBytes(8).toString("hex");

/** `?` placeholders on both engines; answers rows. */
async function openSql(target) {
  if (target.startsWith("postgres")) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    const numbered = (sql) => {
      let n = 0;
      return sql.replace(/\?/g, () => `$${++n}`);
    };
    return {
      postgres: true,
      all: async (sql, params = []) => (await client.query(numbered(sql), params)).rows,
      close: () => client.end(),
    };
  }
  const db = new Database(target);
  db.pragma("busy_timeout = 5000");
  return {
    postgres: false,
    all: async (sql, params = []) => {
      const statement = db.prepare(sql);
      if (statement.reader) return statement.all(params);
      statement.run(params);
      return [];
    },
    close: async () => db.close(),
  };
}

/** Empties a PostgreSQL database the bench owns, so each run starts from the same data. */
export async function resetPostgres(url) {
  const sql = await openSql(url);
  await sql.all("drop schema public cascade");
  await sql.all("create schema public");
  await sql.close();
}

/** Published demo courses with lesson files, the ones the learners study (and the quiz's course first). */
export async function contentCourses(target) {
  const sql = await openSql(target);
  const rows = await sql.all(
    "select c.id from courses c where c.published = 1 and exists (select 1 from lesson_files f where f.course_id = c.id) order by c.created_at",
  );
  await sql.close();
  return rows.map((r) => r.id);
}

/** The SQLite clones of large-data.mjs, done by PostgreSQL itself. */
async function growPostgres(sql, { users, courses }) {
  const columnsOf = async (table) =>
    (
      await sql.all(
        "select column_name from information_schema.columns where table_schema = 'public' and table_name = ? order by ordinal_position",
        [table],
      )
    ).map((r) => r.column_name);
  const id = "lpad(to_hex(extract(epoch from now())::bigint), 8, '0') || substr(md5(g::text || random()::text), 1, 16)";
  const clone = async (table, where, overrides, count) => {
    const columns = await columnsOf(table);
    const select = columns.map((c) => overrides[c] ?? `t.${c}`).join(", ");
    await sql.all(
      `insert into ${table} (${columns.join(", ")}) select ${select} from (select * from ${table} where ${where} limit 1) t cross join generate_series(0, ${count - 1}) g`,
    );
  };
  await clone(
    "users",
    "email = 'learner@example.com'",
    {
      id,
      name: "'Bench Learner ' || g",
      email: "'bench-' || g || '@example.test'",
      created_at: "to_char(timestamp '2025-01-01' + g * interval '1 second', 'YYYY-MM-DD\"T\"HH24:MI:SS.000\"Z\"')",
    },
    users,
  );
  const categories = (await sql.all("select id from categories")).map((r) => `'${r.id}'`);
  const instructors = (await sql.all("select id from users where role = 'instructor'")).map((r) => `'${r.id}'`);
  await clone(
    "courses",
    "id = (select id from courses order by created_at limit 1)",
    {
      id,
      title: "'Benchmark Course ' || g",
      course_code: "'BENCH-' || g",
      category_id: `(array[${categories.join(",")}])[g % ${categories.length} + 1]`,
      instructor_id: `(array[${instructors.join(",")}])[g % ${instructors.length} + 1]`,
      enrollment_count: "g % 500",
      created_at: "to_char(timestamp '2025-01-01' + g * interval '1 minute', 'YYYY-MM-DD\"T\"HH24:MI:SS.000\"Z\"')",
    },
    courses,
  );
  await sql.all("analyze");
}

/**
 * Grows the database (a SQLite file or a postgres:// url) and enrols the first `learners` clones in
 * the two given courses, with credits for paid courses.
 */
export async function growForLoad(target, { learners, courseIds, users = 100_000, courses = 10_000 }) {
  if (!target.startsWith("postgres")) growDatabase(target, { users, courses });
  const sql = await openSql(target);
  if (sql.postgres) await growPostgres(sql, { users, courses });
  const now = new Date().toISOString();
  await sql.all("begin");
  for (let i = 0; i < learners; i++) {
    const [user] = await sql.all("select id from users where email = ?", [learnerEmail(i)]);
    await sql.all("update users set credits = 1000000 where id = ?", [user.id]);
    for (const courseId of courseIds)
      await sql.all(
        "insert into enrollments (id, user_id, course_id, status, progress, enrolled_at) values (?, ?, ?, 'active', 0, ?)",
        [newId(), user.id, courseId, now],
      );
  }
  await sql.all("commit");
  await sql.close();
}
