import type { Attempt } from "@lms/contract";

/** A finished attempt's headline: its score; or, while a teacher still grades, the points so far and those waiting. */
export type ResultHeadline =
  | { kind: "score"; score: number; maxPoints: number }
  | { kind: "partial"; soFar: number; maxPoints: number; pending: number }
  | { kind: "waiting" };

export function resultHeadline(attempt: Pick<Attempt, "score" | "maxPoints" | "pointsSoFar" | "pointsPending">) {
  if (attempt.score !== null) return { kind: "score", score: attempt.score, maxPoints: attempt.maxPoints } as const;
  if (attempt.pointsSoFar === null || attempt.pointsPending === null) return { kind: "waiting" } as const;
  return {
    kind: "partial",
    soFar: attempt.pointsSoFar,
    maxPoints: attempt.maxPoints,
    pending: attempt.pointsPending,
  } as const;
}
