import type { GradebookCell, LearnerAssessmentState, ScoringRule } from "@lms/contract";
import { countedScore, round2 } from "../assessments/grading.js";

/** What the gradebook needs of an attempt. */
export interface AttemptFacts {
  state: string;
  score: number | null;
  max_points: number;
  late: number;
}

type Graded = AttemptFacts & { score: number };

const percentOf = (attempt: Graded) => (attempt.max_points > 0 ? (attempt.score / attempt.max_points) * 100 : 0);

/** The graded attempts whose score counts: the first best (highest), the last (latest), or all (average). */
function countingAttempts(rule: ScoringRule, graded: Graded[]): Graded[] {
  if (rule === "average") return graded;
  if (rule === "latest") return graded.slice(-1);
  const best = Math.max(...graded.map((a) => a.score));
  return graded.filter((a) => a.score === best).slice(0, 1);
}

/** A learner's state on an assessment from their attempts, oldest first (as the assessments list shows it). */
export function stateOf(attempts: readonly AttemptFacts[]): LearnerAssessmentState {
  if (attempts.some((a) => a.state === "in_progress")) return "in_progress";
  if (attempts.some((a) => a.state === "submitted")) return "submitted";
  return (attempts[attempts.length - 1]?.state as LearnerAssessmentState | undefined) ?? "not_started";
}

/**
 * One learner on one assessment, from their attempts (oldest first) and their own due date in
 * epoch milliseconds (an override's, or the assessment's). The percent is the scoring rule applied to each graded
 * attempt's share of the points it offered (a drawn question pool offers fewer than the total).
 */
export function cellOf(
  attempts: readonly AttemptFacts[],
  rule: ScoringRule,
  dueAt: number | null,
  now: number,
): GradebookCell {
  const graded = attempts.filter((a): a is Graded => a.state === "graded" && a.score !== null);
  const finished = attempts.filter((a) => a.state !== "in_progress");
  const counting = graded.length > 0 ? countingAttempts(rule, graded) : [];
  return {
    score: countedScore(
      rule,
      graded.map((a) => a.score),
    ),
    percent: counting.length > 0 ? round2(counting.reduce((sum, a) => sum + percentOf(a), 0) / counting.length) : null,
    state: stateOf(attempts),
    late: (counting.length > 0 ? counting : finished).some((a) => a.late === 1),
    missing: finished.length === 0 && dueAt !== null && now >= dueAt,
    needsGrading: attempts.some((a) => a.state === "submitted"),
  };
}

/** When the cell turns "missing" with no write (its due date, still ahead of `now`), or null if it cannot. */
export function missingFlipsAt(attempts: readonly AttemptFacts[], dueAt: number | null, now: number): number | null {
  return dueAt !== null && now < dueAt && attempts.every((a) => a.state === "in_progress") ? dueAt : null;
}

/**
 * The weighted course grade in percent: the weighted mean of the cells' percents over the
 * assessments that are graded or missing (missing counts 0); the others (not due yet, in progress,
 * waiting for a hand grade) are left out. Null while nothing counts or every counted weight is 0.
 */
export function courseGrade(weights: readonly number[], cells: readonly GradebookCell[]): number | null {
  let sum = 0;
  let total = 0;
  cells.forEach((cell, i) => {
    const percent = cell.percent ?? (cell.missing ? 0 : null);
    if (percent === null) return;
    sum += percent * weights[i];
    total += weights[i];
  });
  return total > 0 ? round2(sum / total) : null;
}
