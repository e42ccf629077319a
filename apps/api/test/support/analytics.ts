import type { Kysely } from "kysely";
import { newId } from "../../src/db/ids.js";
import type { Database } from "../../src/db/types.js";
import { refreshScoresOfAttempt } from "../../src/modules/assessments/stored-scores.js";

/** A published assessment of `course_id` with the given settings, written straight to the database. */
export async function makeAssessmentRow(
  db: Kysely<Database>,
  overrides: Partial<Database["assessments"]> & { course_id: string },
): Promise<Database["assessments"]> {
  const now = new Date().toISOString();
  const row: Database["assessments"] = {
    id: newId(),
    title: "Quiz",
    description: "",
    type: "quiz",
    published: 1,
    available_from: null,
    due_date: null,
    late_submissions: "accept",
    late_penalty_percent: 0,
    late_penalty_per: "day",
    late_penalty_floor: 0,
    attempts_allowed: null,
    scoring_rule: "highest",
    time_limit_minutes: null,
    passing_score: null,
    shuffle_questions: 0,
    shuffle_options: 0,
    show_correct_answers: "never",
    question_pool_size: null,
    weight: 1,
    total_points: 10,
    required_for_completion: 1,
    created_by: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto("assessments").values(row).execute();
  return row;
}

/**
 * An attempt at an assessment: graded with `score` points unless another state is given. Its
 * learner's stored scores are computed again, as the app does when it writes an attempt.
 */
export async function makeAttempt(
  db: Kysely<Database>,
  assessment: Database["assessments"],
  userId: string,
  overrides: Partial<Database["assessment_attempts"]> & { number: number },
): Promise<void> {
  const at = new Date().toISOString();
  const id = newId();
  await db
    .insertInto("assessment_attempts")
    .values({
      id,
      assessment_id: assessment.id,
      user_id: userId,
      started_at: at,
      deadline_at: null,
      submitted_at: at,
      late: 0,
      late_seconds: 0,
      state: "graded",
      raw_score: overrides.score ?? null,
      penalty: 0,
      score: null,
      max_points: assessment.total_points,
      questions: "[]",
      graded_at: at,
      updated_at: at,
      ...overrides,
    })
    .execute();
  await refreshScoresOfAttempt(db, id);
}
