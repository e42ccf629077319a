import { AUTO_GRADED_TYPES, ASSESSMENT_MESSAGES as M } from "@lms/contract";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types.js";
import type { Actor } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import { logActivity } from "../activities/repo.js";
import { assessmentToManage } from "./access.js";
import { applyLatePenalty, type FrozenQuestion, gradeAnswer, round2 } from "./grading.js";
import { answerValue, frozenQuestions, questionFromRow } from "./present.js";
import { dropUnusedImages } from "./question-images.js";
import * as repo from "./repo.js";

export type RegradeService = ReturnType<typeof createRegradeService>;

const AUTO = new Set<string>(AUTO_GRADED_TYPES);
const BATCH = 200;

/**
 * A served question brought up to date with the assessment's current version of it (same id and
 * type, graded automatically): its key, points and text; options keep the order the learner saw.
 * Anything else (a question since removed or changed type, an essay, a file) stays as it was served.
 */
export function refreshQuestion(served: FrozenQuestion, current: FrozenQuestion | undefined): FrozenQuestion {
  if (!current || current.type !== served.type || !AUTO.has(served.type)) return served;
  if (!current.options) return current;
  const byId = new Map(current.options.map((o) => [o.id, o]));
  const seen = (served.options ?? []).flatMap((o) => byId.get(o.id) ?? []);
  const added = current.options.filter((o) => !seen.includes(o));
  return { ...current, options: [...seen, ...added] };
}

/**
 * Regrade (an explicit action, logged): every attempt's automatically graded questions are scored
 * again against the current questions. Hand grades (essays, files, and automatic grades a grader
 * corrected) are kept; attempts in progress get the current key and are scored on submit.
 */
export function createRegradeService({
  db,
  discard,
  now,
}: {
  db: Kysely<Database>;
  discard: DiscardFiles;
  now: () => Date;
}) {
  /** An attempt in progress gets the current key (it is scored on submit); false if it was submitted meanwhile. */
  async function refreshOpen(trx: Transaction<Database>, attempt: repo.AttemptRow, questions: FrozenQuestion[]) {
    return repo.refreshOpenAttempt(trx, attempt.id, {
      questions: JSON.stringify(questions),
      max_points: round2(questions.reduce((sum, q) => sum + q.points, 0)),
    });
  }

  /** Scores a finished attempt again; true when its score or maximum changed. */
  async function regradeOne(
    trx: Transaction<Database>,
    attemptId: string,
    assessment: repo.AssessmentRow,
    current: Map<string, FrozenQuestion>,
    stamp: string,
  ): Promise<boolean> {
    const attempt = await repo.findAttempt(trx, attemptId);
    if (!attempt) return false;
    const questions = frozenQuestions(attempt).map((q) => refreshQuestion(q, current.get(q.id)));
    if (attempt.state === "in_progress" && (await refreshOpen(trx, attempt, questions))) return false;
    const maxPoints = round2(questions.reduce((sum, q) => sum + q.points, 0));
    const answers = new Map((await repo.answersOf(trx, attempt.id)).map((a) => [a.question_id, a]));
    const points: (number | null)[] = [];
    for (const q of questions) {
      const row = answers.get(q.id);
      const byHand = !AUTO.has(q.type) || row?.graded_by != null;
      const earned = byHand ? (row?.points_awarded ?? null) : gradeAnswer(q, answerValue(row));
      if (!byHand && row && row.points_awarded !== earned) await repo.setAnswerPoints(trx, row.id, earned, stamp);
      points.push(earned);
    }
    const rawScore = round2(points.reduce<number>((sum, p) => sum + (p ?? 0), 0));
    const complete = points.every((p) => p !== null);
    const { score, penalty } = complete
      ? applyLatePenalty(rawScore, maxPoints, attempt.late_seconds, {
          percent: assessment.late_penalty_percent,
          per: assessment.late_penalty_per as "hour" | "day",
          floor: assessment.late_penalty_floor,
        })
      : { score: null, penalty: 0 };
    await repo.regradeAttempt(trx, attempt.id, {
      questions: JSON.stringify(questions),
      max_points: maxPoints,
      state: complete ? "graded" : "submitted",
      raw_score: rawScore,
      penalty,
      score,
      graded_at: complete ? (attempt.graded_at ?? stamp) : null,
      updated_at: stamp,
    });
    return score !== attempt.score || maxPoints !== attempt.max_points;
  }

  return {
    async regrade(actor: Actor, courseId: string, assessmentId: string) {
      const assessment = await assessmentToManage(db, actor, courseId, assessmentId);
      const current = new Map((await repo.questionsOf(db, assessmentId)).map((row) => [row.id, questionFromRow(row)]));
      const attempts = await repo.attemptIdsOf(db, assessmentId);
      // Attempts take the current image with the current text: images no attempt shows any more go.
      const imagesBefore = await repo.imageKeysOf(db, assessmentId);
      const stamp = now().toISOString();
      let changed = 0;
      for (let start = 0; start < attempts.length; start += BATCH) {
        await db.transaction().execute(async (trx) => {
          for (const attempt of attempts.slice(start, start + BATCH)) {
            if (await regradeOne(trx, attempt.id, assessment, current, stamp)) changed += 1;
          }
        });
      }
      await dropUnusedImages(db, discard, assessmentId, imagesBefore);
      await logActivity(db, {
        userId: actor.id,
        type: "instructor_action",
        title: `Regraded ${assessment.title}`,
        description: `${attempts.length} attempts scored again against the current questions; ${changed} scores changed.`,
        courseId,
        metadata: { assessmentId, attempts: attempts.length, changed, message: M.regraded.text },
      });
      return { attempts: attempts.length, changed };
    },
  };
}
