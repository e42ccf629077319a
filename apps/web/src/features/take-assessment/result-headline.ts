import type { Attempt } from "@lms/contract";

/**
 * A finished attempt's headline: its score; or, while a teacher still grades, the points so far
 * (when some were graded on submit) and the points waiting for the teacher.
 */
export type ResultHeadline =
  | { kind: "score"; score: number; maxPoints: number }
  | { kind: "partial"; soFar: number; maxPoints: number; pending: number }
  | { kind: "waiting"; pending: number | null };

export function resultHeadline(
  attempt: Pick<Attempt, "score" | "maxPoints" | "pointsSoFar" | "pointsPending">,
): ResultHeadline {
  if (attempt.score !== null) return { kind: "score", score: attempt.score, maxPoints: attempt.maxPoints };
  if (attempt.pointsSoFar === null || attempt.pointsPending === null) return { kind: "waiting", pending: null };
  // Every point waits for the teacher: there is nothing "so far" to show.
  if (attempt.pointsPending >= attempt.maxPoints) return { kind: "waiting", pending: attempt.pointsPending };
  return { kind: "partial", soFar: attempt.pointsSoFar, maxPoints: attempt.maxPoints, pending: attempt.pointsPending };
}
