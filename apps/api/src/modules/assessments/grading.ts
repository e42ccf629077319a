import type { AnswerValue, QuestionType, ScoringRule } from "@lms/contract";

/** A question as served in an attempt (frozen there), with its answer key. Option ids are unique per question. */
export interface FrozenQuestion {
  id: string;
  type: QuestionType;
  text: string;
  points: number;
  options?: { id: string; text: string; correct: boolean }[];
  correct?: boolean;
  acceptedAnswers?: string[];
  value?: number;
  tolerance?: number;
  /** Its image in storage, frozen with the question like its text. */
  image?: { key: string; mime: string; alt: string };
  /** Sanitised HTML shown with the question's result once released. */
  feedback?: string;
}

/** Points are kept to hundredths so sums and penalties do not drift. */
export const round2 = (value: number): number => Math.round(value * 100) / 100;

const normalise = (text: string) => text.normalize("NFC").trim().toLowerCase();

// Numbers typed as decimals (0.1 + 0.2) land a hair off; this keeps an exact tolerance exact.
const NUMERIC_EPSILON = 1e-9;

/**
 * Multiple choice partial credit: points × max(0, (correct options picked − wrong options picked)
 * / correct options), so picking everything earns nothing and a wrong pick cancels a right one.
 */
function multipleChoicePoints(question: FrozenQuestion, picked: string[]): number {
  const options = question.options ?? [];
  const correctIds = new Set(options.filter((o) => o.correct).map((o) => o.id));
  const chosen = new Set(picked);
  let right = 0;
  let wrong = 0;
  for (const id of chosen) {
    if (correctIds.has(id)) right += 1;
    else wrong += 1;
  }
  if (correctIds.size === 0) return 0;
  return round2(question.points * Math.max(0, (right - wrong) / correctIds.size));
}

/**
 * The points an answer earns, or null for a question graded by hand (essay, file upload): those
 * always wait for their grader, even unanswered, who may still give feedback or accept a late file.
 * An unanswered question graded automatically earns 0.
 */
export function gradeAnswer(question: FrozenQuestion, answer: AnswerValue | null): number | null {
  if (question.type === "essay" || question.type === "file_upload") return null;
  if (answer === null) return 0;
  switch (question.type) {
    case "single_choice": {
      const correct = question.options?.find((o) => o.correct);
      return correct !== undefined && answer === correct.id ? question.points : 0;
    }
    case "multiple_choice":
      return Array.isArray(answer) ? multipleChoicePoints(question, answer) : 0;
    case "true_false":
      return answer === question.correct ? question.points : 0;
    case "short_answer": {
      if (typeof answer !== "string") return 0;
      const given = normalise(answer);
      return (question.acceptedAnswers ?? []).some((accepted) => normalise(accepted) === given) ? question.points : 0;
    }
    case "numeric":
      return typeof answer === "number" &&
        Math.abs(answer - (question.value ?? 0)) <= (question.tolerance ?? 0) + NUMERIC_EPSILON
        ? question.points
        : 0;
  }
}

/** Whether an answer has the shape its question takes (option ids of that question, a boolean, a text, a number). */
export function answerFits(question: FrozenQuestion, answer: AnswerValue): boolean {
  const optionIds = new Set((question.options ?? []).map((o) => o.id));
  switch (question.type) {
    case "single_choice":
      return typeof answer === "string" && optionIds.has(answer);
    case "multiple_choice":
      return Array.isArray(answer) && new Set(answer).size === answer.length && answer.every((id) => optionIds.has(id));
    case "true_false":
      return typeof answer === "boolean";
    case "short_answer":
    case "essay":
      return typeof answer === "string";
    case "numeric":
      return typeof answer === "number" && Number.isFinite(answer);
    case "file_upload":
      return false;
  }
}

export interface LatePolicy {
  /** Percent of the maximum points taken off per started hour or day late. */
  percent: number;
  per: "hour" | "day";
  /** The penalty never takes the score below this percent of the maximum points. */
  floor: number;
}

/**
 * The late penalty (Canvas's late policy): maxPoints × percent / 100 per started hour or day late,
 * never taking the score below floor percent of maxPoints; a score already below the floor is kept.
 */
export function applyLatePenalty(
  rawScore: number,
  maxPoints: number,
  lateSeconds: number,
  policy: LatePolicy,
): { score: number; penalty: number } {
  if (lateSeconds <= 0 || policy.percent <= 0) return { score: round2(rawScore), penalty: 0 };
  const units = Math.ceil(lateSeconds / (policy.per === "hour" ? 3600 : 86_400));
  const deduction = (maxPoints * policy.percent * units) / 100;
  const floorPoints = (maxPoints * policy.floor) / 100;
  const score = round2(Math.max(0, rawScore - deduction, Math.min(rawScore, floorPoints)));
  return { score, penalty: round2(rawScore - score) };
}

/** The score that counts of a learner's graded attempts (oldest first) under the scoring rule; null if none. */
export function countedScore(rule: ScoringRule, scores: number[]): number | null {
  if (scores.length === 0) return null;
  if (rule === "latest") return scores[scores.length - 1];
  if (rule === "average") return round2(scores.reduce((a, b) => a + b, 0) / scores.length);
  return Math.max(...scores);
}

/** A shuffled copy (Fisher–Yates); `random` returns [0, 1). */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
