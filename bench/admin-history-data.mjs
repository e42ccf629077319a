// Grows a benchmark database (after large-data.mjs) with a year of history: 1M activity entries and
// 200k enrollments spread over the last 365 days, and the hourly/daily rollups the app would have kept
// for them (counted here in one pass, as migration 029 does for existing rows).
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";

const DAY_MS = 24 * 3600_000;
const TYPES = ["login", "course_view", "lesson_view", "course_enrollment", "material_download", "quiz_attempt"];
const newId = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0") + randomBytes(8).toString("hex");

export function growHistory(file, { activities = 1_000_000, enrollments = 200_000, batch = 10_000 } = {}) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  const users = db
    .prepare("select id from users where email like 'bench-%'")
    .all()
    .map((r) => r.id);
  const courses = db
    .prepare("select id from courses where course_code like 'BENCH-%'")
    .all()
    .map((r) => r.id);
  const now = Date.now();
  const at = (i, count) => new Date(now - Math.floor(((count - i) / count) * 365 * DAY_MS)).toISOString();

  const activity = db.prepare(
    "insert into activities (id, user_id, type, title, description, course_id, metadata, ip, created_at) values (?, ?, ?, ?, null, ?, null, null, ?)",
  );
  for (let start = 0; start < activities; start += batch) {
    db.transaction(() => {
      for (let i = start; i < Math.min(start + batch, activities); i++) {
        const type = TYPES[i % TYPES.length];
        activity.run(
          newId(),
          users[i % users.length],
          type,
          `Bench ${type}`,
          courses[i % courses.length],
          at(i, activities),
        );
      }
    })();
  }

  const enrollment = db.prepare(
    "insert or ignore into enrollments (id, user_id, course_id, status, progress, enrolled_at) values (?, ?, ?, 'active', ?, ?)",
  );
  for (let start = 0; start < enrollments; start += batch) {
    db.transaction(() => {
      for (let i = start; i < Math.min(start + batch, enrollments); i++) {
        enrollment.run(
          newId(),
          users[i % users.length],
          courses[(i * 7) % courses.length],
          i % 101,
          at(i, enrollments),
        );
      }
    })();
  }

  db.transaction(() => {
    db.prepare("delete from daily_rollups where metric in ('users', 'enrollments')").run();
    for (const [metric, table, column] of [
      ["users", "users", "created_at"],
      ["enrollments", "enrollments", "enrolled_at"],
    ]) {
      for (const [period, length] of [
        ["day", 10],
        ["hour", 13],
        ["month", 7],
      ]) {
        db.prepare(
          `insert into daily_rollups (metric, period, bucket, value)
           select ?, ?, substr(${column}, 1, ${length}), count(*) from ${table} group by substr(${column}, 1, ${length})`,
        ).run(metric, period);
      }
    }
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}
