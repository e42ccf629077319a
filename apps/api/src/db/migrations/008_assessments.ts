import type { Kysely } from "kysely";

// Assessments (issue 10): quizzes, assignments and exams with their questions, the learners'
// attempts and answers, and per-learner overrides. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("assessments")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("course_id", "varchar(24)", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    // UTC ISO-8601 or null (no limit).
    .addColumn("available_from", "text")
    .addColumn("due_date", "text")
    // accept | refuse; with accept, late_penalty_percent of total points per hour or day late,
    // never below late_penalty_floor percent of total points.
    .addColumn("late_submissions", "text", (c) => c.notNull())
    .addColumn("late_penalty_percent", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("late_penalty_per", "text", (c) => c.notNull())
    .addColumn("late_penalty_floor", "real", (c) => c.notNull().defaultTo(0))
    // null: unlimited.
    .addColumn("attempts_allowed", "integer")
    .addColumn("scoring_rule", "text", (c) => c.notNull())
    .addColumn("time_limit_minutes", "integer")
    // Percent of total points; null: no pass mark.
    .addColumn("passing_score", "real")
    .addColumn("shuffle_questions", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("shuffle_options", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("show_correct_answers", "text", (c) => c.notNull())
    // Draw this many of the questions at random per attempt; null: all of them.
    .addColumn("question_pool_size", "integer")
    // Relative weight in the course grade.
    .addColumn("weight", "real", (c) => c.notNull().defaultTo(1))
    .addColumn("total_points", "real", (c) => c.notNull())
    .addColumn("created_by", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("assessments_course_created_idx")
    .on("assessments")
    .columns(["course_id", "created_at"])
    .execute();
  await db.schema.createIndex("assessments_created_idx").on("assessments").column("created_at").execute();

  await db.schema
    .createTable("assessment_questions")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("assessment_id", "varchar(24)", (c) => c.notNull().references("assessments.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("points", "real", (c) => c.notNull())
    // JSON of the type's own fields: options with correct flags, correct, acceptedAnswers, value and tolerance.
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("image_key", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("assessment_questions_order_idx")
    .on("assessment_questions")
    .columns(["assessment_id", "position"])
    .execute();

  await db.schema
    .createTable("assessment_attempts")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("assessment_id", "varchar(24)", (c) => c.notNull().references("assessments.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    // The server-side end of the attempt (time limit, or the due date when late work is refused).
    .addColumn("deadline_at", "text")
    .addColumn("submitted_at", "text")
    .addColumn("late", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("late_seconds", "integer", (c) => c.notNull().defaultTo(0))
    // in_progress | submitted (waits for a hand grade) | graded
    .addColumn("state", "text", (c) => c.notNull())
    // Points awarded before the late penalty, the penalty, and the score that counts.
    .addColumn("raw_score", "real")
    .addColumn("penalty", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("score", "real")
    .addColumn("max_points", "real", (c) => c.notNull())
    // JSON: the questions served in this attempt, in served order, with their answers and points,
    // so later edits of the assessment never change what was earned.
    .addColumn("questions", "text", (c) => c.notNull())
    .addColumn("graded_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("assessment_attempts_number_unique", ["assessment_id", "user_id", "number"])
    .execute();
  await db.schema
    .createIndex("assessment_attempts_user_idx")
    .on("assessment_attempts")
    .columns(["user_id", "assessment_id"])
    .execute();
  await db.schema
    .createIndex("assessment_attempts_results_idx")
    .on("assessment_attempts")
    .columns(["assessment_id", "started_at"])
    .execute();
  await db.schema
    .createIndex("assessment_attempts_state_idx")
    .on("assessment_attempts")
    .columns(["assessment_id", "state"])
    .execute();

  await db.schema
    .createTable("assessment_answers")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("attempt_id", "varchar(24)", (c) => c.notNull().references("assessment_attempts.id").onDelete("cascade"))
    // An id of the attempt's frozen questions (no foreign key: questions may be edited or removed later).
    .addColumn("question_id", "varchar(24)", (c) => c.notNull())
    // JSON of the answer: an option id, option ids, a boolean, a text, a number, or an uploaded file.
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("points_awarded", "real")
    .addColumn("feedback", "text")
    .addColumn("graded_by", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("graded_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("assessment_answers_unique", ["attempt_id", "question_id"])
    .execute();

  await db.schema
    .createTable("assessment_overrides")
    .addColumn("id", "varchar(24)", (c) => c.primaryKey())
    .addColumn("assessment_id", "varchar(24)", (c) => c.notNull().references("assessments.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(24)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("extra_minutes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("due_date", "text")
    .addColumn("extra_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "varchar(24)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("assessment_overrides_unique", ["assessment_id", "user_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "assessment_overrides",
    "assessment_answers",
    "assessment_attempts",
    "assessment_questions",
    "assessments",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
