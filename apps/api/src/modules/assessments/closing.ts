import { ASSESSMENT_LIMITS, ASSESSMENT_MESSAGES as M } from "@lms/contract";
import type { Kysely, Selectable } from "kysely";
import { newId } from "../../db/ids.js";
import type { AssessmentOverridesTable, Database } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import { logActivity } from "../activities/repo.js";
import type { StaffNotifier } from "../notifications/staff-events.js";
import { answeredEvent, gradedEvent } from "../xapi/assessment-events.js";
import { recordStatements } from "../xapi/record.js";
import { applyLatePenalty, gradeAnswer, round2 } from "./grading.js";
import { answerValue, frozenQuestions } from "./present.js";
import * as repo from "./repo.js";

type Override = Selectable<AssessmentOverridesTable> | undefined;

const GRACE_MS = ASSESSMENT_LIMITS.graceSeconds * 1000;

/** The rules that apply to one learner: the assessment's, changed by their override. */
export function rulesFor(assessment: repo.AssessmentRow, override: Override) {
  const allowed = assessment.attempts_allowed;
  return {
    dueDate: override?.due_date ?? assessment.due_date,
    timeLimitMinutes:
      assessment.time_limit_minutes === null ? null : assessment.time_limit_minutes + (override?.extra_minutes ?? 0),
    attemptsAllowed: allowed === null ? null : allowed + (override?.extra_attempts ?? 0),
  };
}

export type AttemptCloser = ReturnType<typeof createAttemptCloser>;

/** Ending attempts: on submit, and when their deadline (plus the grace) has passed. */
export interface AttemptCloserDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** Tells the instructor when a submission waits for a hand grade. */
  staff: StaffNotifier;
}

export function createAttemptCloser({ db, now, staff }: AttemptCloserDeps) {
  /**
   * Ends an attempt in progress and grades what it holds: auto-graded questions now, essays and
   * files later by hand. Only one request can end it (the update is conditional); a second gets
   * the attempt as the first left it.
   */
  async function finish(attempt: repo.AttemptRow, assessment: repo.AssessmentRow): Promise<repo.AttemptRow> {
    const at = now();
    const deadline = attempt.deadline_at ? new Date(attempt.deadline_at) : null;
    const submittedAt = deadline && at > deadline ? deadline : at;
    const override = await repo.findOverride(db, assessment.id, attempt.user_id);
    const { dueDate } = rulesFor(assessment, override);
    const lateSeconds = dueDate ? Math.max(0, Math.ceil((submittedAt.getTime() - Date.parse(dueDate)) / 1000)) : 0;
    const stamp = at.toISOString();

    const finished = await db.transaction().execute(async (trx) => {
      const saved = new Map((await repo.answersOf(trx, attempt.id)).map((a) => [a.question_id, a]));
      const graded = frozenQuestions(attempt).map((q) => {
        const row = saved.get(q.id);
        return { q, row, points: gradeAnswer(q, answerValue(row)) };
      });
      const pending = graded.some((g) => g.points === null);
      const rawScore = round2(graded.reduce((sum, g) => sum + (g.points ?? 0), 0));
      const { score, penalty } = pending
        ? { score: null, penalty: 0 }
        : applyLatePenalty(rawScore, attempt.max_points, lateSeconds, {
            percent: assessment.late_penalty_percent,
            per: assessment.late_penalty_per as "hour" | "day",
            floor: assessment.late_penalty_floor,
          });
      const won = await repo.finishAttempt(trx, attempt.id, {
        state: pending ? "submitted" : "graded",
        submitted_at: submittedAt.toISOString(),
        late: lateSeconds > 0 ? 1 : 0,
        late_seconds: lateSeconds,
        raw_score: rawScore,
        penalty,
        score,
        graded_at: pending ? null : stamp,
        updated_at: stamp,
      });
      if (!won) return false;
      await repo.upsertAnswers(
        trx,
        graded.map(({ q, row, points }) => ({
          id: row?.id ?? newId(),
          attempt_id: attempt.id,
          question_id: q.id,
          answer: row?.answer ?? "null",
          points_awarded: points,
          feedback: row?.feedback ?? null,
          graded_by: null,
          graded_at: points === null ? null : stamp,
          updated_at: stamp,
        })),
      );
      if (pending) await staff.gradingNeeded(trx, assessment, stamp);
      const handedIn = answeredEvent(assessment, attempt.user_id, submittedAt.toISOString());
      const result =
        score === null
          ? []
          : [gradedEvent(assessment, attempt.user_id, { score, maxPoints: attempt.max_points }, stamp)];
      await recordStatements(trx, [handedIn, ...result]);
      return true;
    });
    if (finished) {
      staff.deliverSoon();
      const type = assessment.type === "assignment" ? "assignment_submit" : "quiz_completion";
      await logActivity(db, {
        userId: attempt.user_id,
        type,
        title: `Submitted ${assessment.title}`,
        courseId: assessment.course_id,
        metadata: { assessmentId: assessment.id, attemptId: attempt.id },
      });
    }
    const fresh = await repo.findAttempt(db, attempt.id);
    if (!fresh) throw notFound(M.attemptNotFound);
    return fresh;
  }

  const pastGrace = (attempt: repo.AttemptRow) =>
    attempt.state === "in_progress" &&
    attempt.deadline_at !== null &&
    now().getTime() > Date.parse(attempt.deadline_at) + GRACE_MS;

  /** Closes the caller's attempts whose time ran out while nobody was looking. */
  async function settle(attempts: repo.AttemptRow[], assessments: Map<string, repo.AssessmentRow>) {
    const settled: repo.AttemptRow[] = [];
    for (const attempt of attempts) {
      const assessment = assessments.get(attempt.assessment_id);
      settled.push(pastGrace(attempt) && assessment ? await finish(attempt, assessment) : attempt);
    }
    return settled;
  }

  return { finish, pastGrace, settle };
}
