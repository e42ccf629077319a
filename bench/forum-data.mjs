// Seeds a course forum straight into a seeded SQLite database (bulk inserts in one transaction): a
// course of 5,000 learners (cloned from the demo learner, so they share its password) with 2,000
// threads and 50,000 replies, one thread holding 200 of them. Ids follow the app's 24-hex format.
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";

const newId = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0") + randomBytes(8).toString("hex");

function inserter(db, table, columns) {
  const insert = db.prepare(`insert into ${table} (${columns.join(",")}) values (${columns.map(() => "?").join(",")})`);
  return (row) => insert.run(columns.map((column) => row[column]));
}

export function seedForumCourse(file, { learners = 5_000, threads = 2_000, replies = 50_000, bigThread = 200 } = {}) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  const learner = db.prepare("select * from users where email = 'learner@example.com'").get();
  const template = db.prepare("select * from courses order by created_at limit 1").get();
  const instructor = db.prepare("select id from users where email = 'instructor@example.com'").get();
  const courseId = newId();
  const base = Date.parse("2025-01-01T00:00:00Z");
  const at = (ms) => new Date(base + ms).toISOString();
  const userIds = [];
  const threadIds = [];
  db.transaction(() => {
    inserter(
      db,
      "courses",
      Object.keys(template),
    )({
      ...template,
      id: courseId,
      title: "Forum Benchmark Course",
      course_code: "FORUMBENCH",
      instructor_id: instructor.id,
      enrollment_count: learners,
    });
    const user = inserter(db, "users", Object.keys(learner));
    const enrol = inserter(db, "enrollments", [
      "id",
      "user_id",
      "course_id",
      "status",
      "progress",
      "rating",
      "enrolled_at",
      "completed_at",
    ]);
    for (let i = 0; i < learners; i++) {
      const id = newId();
      userIds.push(id);
      user({ ...learner, id, name: `Forum Learner ${i}`, email: `forum-${i}@example.test`, created_at: at(i * 1000) });
      enrol({
        id: newId(),
        user_id: id,
        course_id: courseId,
        status: "active",
        progress: 0,
        rating: null,
        enrolled_at: at(i * 1000),
        completed_at: null,
      });
    }
    // Thread 0 gets `bigThread` replies; the others share the rest.
    const counts = Array.from({ length: threads }, (_, i) =>
      i === 0
        ? bigThread
        : Math.floor((replies - bigThread) / (threads - 1)) + (i <= (replies - bigThread) % (threads - 1) ? 1 : 0),
    );
    const thread = inserter(db, "discussion_threads", [
      "id",
      "course_id",
      "author_id",
      "type",
      "title",
      "body",
      "pinned",
      "locked",
      "accepted_post_id",
      "reply_count",
      "last_activity_at",
      "created_at",
      "edited_at",
    ]);
    const post = inserter(db, "discussion_posts", [
      "id",
      "thread_id",
      "parent_id",
      "author_id",
      "body",
      "created_at",
      "edited_at",
    ]);
    for (let i = 0; i < threads; i++) {
      const id = newId();
      threadIds.push(id);
      const created = i * 60_000;
      thread({
        id,
        course_id: courseId,
        author_id: userIds[i % learners],
        type: i % 3 === 0 ? "question" : "discussion",
        title: `Thread ${i}: how does part ${i % 40} work?`,
        body: `<p>Question number ${i} with a little text.</p>`,
        pinned: i < 2 ? 1 : 0,
        locked: 0,
        accepted_post_id: null,
        reply_count: counts[i],
        last_activity_at: at(created + counts[i] * 1000),
        created_at: at(created),
        edited_at: null,
      });
      for (let r = 0; r < counts[i]; r++) {
        post({
          id: newId(),
          thread_id: id,
          parent_id: null,
          author_id: userIds[(i + r * 7) % learners],
          body: `<p>Reply ${r} to thread ${i}.</p>`,
          created_at: at(created + (r + 1) * 1000),
          edited_at: null,
        });
      }
    }
  })();
  db.close();
  return { courseId, bigThreadId: threadIds[0], userIds, instructorId: instructor.id };
}
