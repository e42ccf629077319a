// Grows a seeded SQLite database to benchmark scale: 100k users and 10k published courses,
// cloned from the demo rows so every column is valid. Ids follow the app's 24-hex format.
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";

const newId = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0") + randomBytes(8).toString("hex");

function cloneInto(db, table, template, count, vary) {
  const columns = Object.keys(template);
  const insert = db.prepare(`insert into ${table} (${columns.join(",")}) values (${columns.map(() => "?").join(",")})`);
  for (let i = 0; i < count; i++) {
    const row = { ...template, ...vary(i) };
    insert.run(columns.map((c) => row[c]));
  }
}

export function growDatabase(file, { users = 100_000, courses = 10_000 } = {}) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  const learner = db.prepare("select * from users where email = 'learner@example.com'").get();
  const course = db.prepare("select * from courses order by created_at limit 1").get();
  const categories = db
    .prepare("select id from categories")
    .all()
    .map((r) => r.id);
  const instructors = db
    .prepare("select id from users where role = 'instructor'")
    .all()
    .map((r) => r.id);
  const base = Date.parse("2025-01-01T00:00:00Z");
  db.transaction(() => {
    cloneInto(db, "users", learner, users, (i) => ({
      id: newId(),
      name: `Bench Learner ${i}`,
      email: `bench-${i}@example.test`,
      created_at: new Date(base + i * 1000).toISOString(),
    }));
    cloneInto(db, "courses", course, courses, (i) => ({
      id: newId(),
      title: `Benchmark Course ${i}`,
      course_code: `BENCH-${i}`,
      category_id: categories[i % categories.length],
      instructor_id: instructors[i % instructors.length],
      enrollment_count: i % 500,
      created_at: new Date(base + i * 60_000).toISOString(),
    }));
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}
