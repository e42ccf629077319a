// Seeds a course with 5,000 learners × 40 published assessments (200,000 cells) straight into a
// seeded SQLite database: learners cloned from the demo learner, one attempt per cell with a mix
// of graded, late, waiting-for-a-grade and missing work. Ids follow the app's 24-hex format.
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { refillStoredScores } from "./stored-scores.mjs";

const newId = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0") + randomBytes(8).toString("hex");

const insertAll = (db, table, rows) => {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const insert = db.prepare(`insert into ${table} (${columns.join(",")}) values (${columns.map(() => "?").join(",")})`);
  for (const row of rows) insert.run(columns.map((c) => row[c]));
};

export function seedGradebookCourse(file, { learners = 5_000, assessments = 40 } = {}) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  const learner = db.prepare("select * from users where email = 'learner@example.com'").get();
  const template = db.prepare("select * from courses order by created_at limit 1").get();
  const instructor = db.prepare("select id from users where email = 'instructor@example.com'").get();
  const courseId = newId();
  const base = Date.parse("2025-01-01T00:00:00Z");
  const stamp = new Date(base).toISOString();
  db.transaction(() => {
    insertAll(db, "courses", [
      {
        ...template,
        id: courseId,
        title: "Gradebook Benchmark Course",
        course_code: "GRADEBENCH",
        instructor_id: instructor.id,
        enrollment_count: learners,
      },
    ]);
    const users = Array.from({ length: learners }, (_, i) => ({
      ...learner,
      id: newId(),
      name: `Graded Learner ${i}`,
      email: `graded-${i}@example.test`,
      created_at: new Date(base + i * 1000).toISOString(),
    }));
    insertAll(db, "users", users);
    insertAll(
      db,
      "enrollments",
      users.map((u, i) => ({
        id: newId(),
        user_id: u.id,
        course_id: courseId,
        status: "active",
        progress: 0,
        rating: null,
        enrolled_at: new Date(base + i * 1000).toISOString(),
        completed_at: null,
      })),
    );
    // Three in four are past due (missing work shows); the rest are due in the future.
    const columns = Array.from({ length: assessments }, (_, j) => ({
      id: newId(),
      course_id: courseId,
      title: `Assessment ${j + 1}`,
      description: "",
      type: j % 5 === 0 ? "assignment" : "quiz",
      published: 1,
      available_from: null,
      due_date: new Date(j < (assessments * 3) / 4 ? base + j * 86_400_000 : Date.parse("2099-01-01")).toISOString(),
      late_submissions: "accept",
      late_penalty_percent: 0,
      late_penalty_per: "day",
      late_penalty_floor: 0,
      attempts_allowed: 3,
      scoring_rule: ["highest", "latest", "average"][j % 3],
      time_limit_minutes: null,
      passing_score: null,
      shuffle_questions: 0,
      shuffle_options: 0,
      show_correct_answers: "after_submit",
      question_pool_size: null,
      weight: 1 + (j % 4),
      total_points: 20,
      created_by: instructor.id,
      created_at: stamp,
      updated_at: stamp,
    }));
    insertAll(db, "assessments", columns);
    const insert = db.prepare(
      `insert into assessment_attempts (id, assessment_id, user_id, number, started_at, deadline_at, submitted_at,
        late, late_seconds, state, raw_score, penalty, score, max_points, questions, graded_at, updated_at)
       values (?, ?, ?, 1, ?, null, ?, ?, ?, ?, ?, 0, ?, 20, '[]', ?, ?)`,
    );
    users.forEach((u, i) => {
      columns.forEach((a, j) => {
        if ((i + j) % 10 === 0) return;
        const waiting = (i + j) % 17 === 0;
        const late = (i * j) % 13 === 0 ? 1 : 0;
        const score = waiting ? null : (i * 7 + j * 3) % 21;
        insert.run(
          newId(),
          a.id,
          u.id,
          stamp,
          stamp,
          late,
          late * 3600,
          waiting ? "submitted" : "graded",
          score,
          score,
          waiting ? null : stamp,
          stamp,
        );
      });
    });
  })();
  refillStoredScores(db);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return courseId;
}
