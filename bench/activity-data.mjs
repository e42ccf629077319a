// Seeds the activity log of a seeded SQLite database to benchmark scale (issue 12): 1M entries over
// the last 365 days, by 5,000 cloned learners and the demo learner (1 entry in 50 is theirs), with
// the snapshots the app writes. The rollups fill through the same triggers as the app's inserts.
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";

const TYPES = [
  "login",
  "logout",
  "course_view",
  "lesson_view",
  "course_enrollment",
  "material_download",
  "session_join",
  "quiz_attempt",
];
const DAY_MS = 86_400_000;

/** The app's id format, taking its seconds from the entry's own time. */
export const activityId = (ms) =>
  Math.floor(ms / 1000)
    .toString(16)
    .padStart(8, "0") + randomBytes(8).toString("hex");

const COLUMNS = [
  "id",
  "user_id",
  "type",
  "title",
  "description",
  "course_id",
  "user_name",
  "user_email",
  "user_role",
  "course_title",
  "course_code",
  "created_at",
];
export const insertSql = `insert into activities (${COLUMNS.join(",")}) values (${COLUMNS.map(() => "?").join(",")})`;

export function activityRow(user, course, type, ms) {
  return [
    activityId(ms),
    user.id,
    type,
    `${type.replace("_", " ")} ${course.title}`,
    null,
    course.id,
    user.name,
    user.email,
    user.role,
    course.title,
    course.course_code,
    new Date(ms).toISOString(),
  ];
}

export function seedActivities(file, { entries = 1_000_000, learners = 5_000 } = {}) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  // A large page cache keeps the one seeding transaction from spilling index pages over and over.
  db.pragma("cache_size = -262144");
  const learner = db.prepare("select * from users where email = 'learner@example.com'").get();
  const courses = db.prepare("select id, title, course_code from courses").all();
  const insertUser = db.prepare(
    `insert into users (${Object.keys(learner).join(",")}) values (${Object.keys(learner)
      .map(() => "?")
      .join(",")})`,
  );
  const insert = db.prepare(insertSql);
  const now = Date.now();
  db.transaction(() => {
    const users = [];
    for (let i = 0; i < learners; i++) {
      const user = {
        ...learner,
        id: activityId(now - DAY_MS * 400),
        name: `Activity Learner ${i}`,
        email: `activity-${i}@example.test`,
      };
      insertUser.run(Object.values(user));
      users.push(user);
    }
    for (let i = 0; i < entries; i++) {
      const user = i % 50 === 0 ? learner : users[i % learners];
      // Oldest first, as a live log grows.
      const ms = now - 365 * DAY_MS + Math.floor((i / entries) * 365 * DAY_MS);
      insert.run(activityRow(user, courses[i % courses.length], TYPES[i % TYPES.length], ms));
    }
  })();
  db.close();
  return { learnerId: learner.id };
}
