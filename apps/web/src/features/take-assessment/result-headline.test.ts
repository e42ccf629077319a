import { describe, expect, it } from "vitest";
import { resultHeadline } from "./result-headline";

describe("resultHeadline", () => {
  it("shows the points so far and those waiting for a hand grade while the score is pending", () => {
    expect(resultHeadline({ score: null, maxPoints: 9, pointsSoFar: 5, pointsPending: 4 })).toEqual({
      kind: "partial",
      soFar: 5,
      maxPoints: 9,
      pending: 4,
    });
  });

  it("waits with the points pending when every question is graded by hand", () => {
    expect(resultHeadline({ score: null, maxPoints: 15, pointsSoFar: 0, pointsPending: 15 })).toEqual({
      kind: "waiting",
      pending: 15,
    });
  });

  it("shows the score once graded, and plain waiting when the points are not known", () => {
    expect(resultHeadline({ score: 8, maxPoints: 9, pointsSoFar: 8, pointsPending: 0 })).toEqual({
      kind: "score",
      score: 8,
      maxPoints: 9,
    });
    expect(resultHeadline({ score: null, maxPoints: 9, pointsSoFar: null, pointsPending: null })).toEqual({
      kind: "waiting",
      pending: null,
    });
  });
});
