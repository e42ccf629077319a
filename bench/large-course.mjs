// Adds one course of the demo instructor with 5,000 learners × 40 graded assessments (200,000
// scored attempts), 12 lessons and 10 past sessions with attendance, for the students-progress
// and analytics benchmarks. Rows are cloned from the demo's so every column is valid.
import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { refillStoredScores } from "./stored-scores.mjs";

let counter = 0;
const newId = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0") +
  randomBytes(5).toString("hex") +
  (counter++ % 0x1000000).toString(16).padStart(6, "0");

const DAY = 86_400_000;

function inserter(db, table, columns) {
  const statement = db.prepare(
    `insert into ${table} (${columns.join(",")}) values (${columns.map(() => "?").join(",")})`,
  );
  return (row) => statement.run(columns.map((c) => row[c]));
}

export function growCourse(file, { learners = 5_000, assessments = 40, now = Date.now() } = {}) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  const learner = db.prepare("select * from users where email = 'learner@example.com'").get();
  const instructor = db.prepare("select id from users where email = 'instructor@example.com'").get();
  const template = db.prepare("select * from courses order by created_at limit 1").get();
  const iso = (time) => new Date(time).toISOString();
  const courseId = newId();
  db.transaction(() => {
    inserter(
      db,
      "courses",
      Object.keys(template),
    )({
      ...template,
      id: courseId,
      title: "Benchmark Large Class",
      course_code: "BENCH-LARGE",
      instructor_id: instructor.id,
      enrollment_count: learners,
    });
    const lessonIds = [];
    const addModule = inserter(db, "modules", [
      "id",
      "course_id",
      "title",
      "description",
      "sort_order",
      "created_at",
      "updated_at",
    ]);
    const addLesson = inserter(db, "lessons", [
      "id",
      "course_id",
      "module_id",
      "title",
      "description",
      "sort_order",
      "is_published",
      "created_at",
      "updated_at",
    ]);
    for (let m = 0; m < 3; m++) {
      const moduleId = newId();
      addModule({
        id: moduleId,
        course_id: courseId,
        title: `Module ${m + 1}`,
        description: "",
        sort_order: m,
        created_at: iso(now),
        updated_at: iso(now),
      });
      for (let l = 0; l < 4; l++) {
        const id = newId();
        lessonIds.push(id);
        addLesson({
          id,
          course_id: courseId,
          module_id: moduleId,
          title: `Lesson ${m + 1}.${l + 1}`,
          description: "",
          sort_order: l,
          is_published: 1,
          created_at: iso(now),
          updated_at: iso(now),
        });
      }
    }
    const addUser = inserter(db, "users", Object.keys(learner));
    const addEnrollment = inserter(db, "enrollments", [
      "id",
      "user_id",
      "course_id",
      "status",
      "progress",
      "rating",
      "enrolled_at",
      "completed_at",
      "last_accessed_at",
      "last_lesson_id",
    ]);
    const userIds = [];
    for (let i = 0; i < learners; i++) {
      const id = newId();
      userIds.push(id);
      addUser({
        ...learner,
        id,
        name: `Class Learner ${String(i).padStart(4, "0")}`,
        email: `class-${i}@example.test`,
      });
      const progress = (i * 37) % 101;
      const reached = Math.floor((progress / 100) * lessonIds.length);
      addEnrollment({
        id: newId(),
        user_id: id,
        course_id: courseId,
        status: progress === 100 ? "completed" : "active",
        progress,
        rating: null,
        enrolled_at: iso(now - (i % 120) * DAY - i * 1000),
        completed_at: progress === 100 ? iso(now - DAY) : null,
        last_accessed_at: progress === 0 ? null : iso(now - (i % 30) * DAY),
        last_lesson_id: progress === 0 ? null : lessonIds[Math.min(reached, lessonIds.length - 1)],
      });
    }
    const addAssessment = inserter(db, "assessments", [
      "id",
      "course_id",
      "title",
      "description",
      "type",
      "published",
      "available_from",
      "due_date",
      "late_submissions",
      "late_penalty_percent",
      "late_penalty_per",
      "late_penalty_floor",
      "attempts_allowed",
      "scoring_rule",
      "time_limit_minutes",
      "passing_score",
      "shuffle_questions",
      "shuffle_options",
      "show_correct_answers",
      "question_pool_size",
      "weight",
      "total_points",
      "created_by",
      "created_at",
      "updated_at",
    ]);
    const addAttempt = inserter(db, "assessment_attempts", [
      "id",
      "assessment_id",
      "user_id",
      "number",
      "started_at",
      "deadline_at",
      "submitted_at",
      "late",
      "late_seconds",
      "state",
      "raw_score",
      "penalty",
      "score",
      "max_points",
      "questions",
      "graded_at",
      "updated_at",
    ]);
    const rules = ["highest", "latest", "average"];
    for (let a = 0; a < assessments; a++) {
      const id = newId();
      addAssessment({
        id,
        course_id: courseId,
        title: `Assessment ${a + 1}`,
        description: "",
        type: "quiz",
        published: 1,
        available_from: null,
        due_date: iso(now + (a - 30) * DAY),
        late_submissions: "accept",
        late_penalty_percent: 0,
        late_penalty_per: "day",
        late_penalty_floor: 0,
        attempts_allowed: null,
        scoring_rule: rules[a % 3],
        time_limit_minutes: null,
        passing_score: null,
        shuffle_questions: 0,
        shuffle_options: 0,
        show_correct_answers: "never",
        question_pool_size: null,
        weight: 1,
        total_points: 10,
        created_by: instructor.id,
        created_at: iso(now - (assessments - a) * DAY),
        updated_at: iso(now),
      });
      for (const [i, userId] of userIds.entries()) {
        if ((i + a) % 20 === 0) continue; // one learner in twenty has not handed this one in
        const at = iso(now - DAY);
        addAttempt({
          id: newId(),
          assessment_id: id,
          user_id: userId,
          number: 1,
          started_at: at,
          deadline_at: null,
          submitted_at: at,
          late: 0,
          late_seconds: 0,
          state: "graded",
          raw_score: (i + a) % 11,
          penalty: 0,
          score: (i + a) % 11,
          max_points: 10,
          questions: "[]",
          graded_at: at,
          updated_at: at,
        });
      }
    }
    const addSession = inserter(db, "sessions", [
      "id",
      "course_id",
      "title",
      "description",
      "scheduled_at",
      "ends_at",
      "duration",
      "timezone",
      "type",
      "location",
      "max_participants",
      "status",
      "provider",
      "meeting_id",
      "meeting_data",
      "ical_uid",
      "ical_sequence",
      "started_at",
      "ended_at",
      "created_by",
      "created_at",
      "updated_at",
    ]);
    const addAttendance = inserter(db, "session_attendance", [
      "id",
      "session_id",
      "user_id",
      "joined_at",
      "left_at",
      "present_since",
      "seconds",
    ]);
    for (let s = 0; s < 10; s++) {
      const id = newId();
      const start = now - (s + 1) * 7 * DAY;
      addSession({
        id,
        course_id: courseId,
        title: `Live class ${s + 1}`,
        description: "",
        scheduled_at: iso(start),
        ends_at: iso(start + 3600_000),
        duration: 60,
        timezone: "UTC",
        type: "live-class",
        location: "live",
        max_participants: null,
        status: "completed",
        provider: null,
        meeting_id: null,
        meeting_data: null,
        ical_uid: `${id}@bench`,
        ical_sequence: 0,
        started_at: iso(start),
        ended_at: iso(start + 3600_000),
        created_by: instructor.id,
        created_at: iso(start),
        updated_at: iso(start),
      });
      for (const [i, userId] of userIds.entries()) {
        if ((i + s) % 3 === 0) continue;
        addAttendance({
          id: newId(),
          session_id: id,
          user_id: userId,
          joined_at: iso(start),
          left_at: iso(start + 3600_000),
          present_since: null,
          seconds: 3600,
        });
      }
    }
  })();
  refillStoredScores(db);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return courseId;
}
