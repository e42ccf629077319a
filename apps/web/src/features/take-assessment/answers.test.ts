import type { Attempt } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { describeAnswer } from "@/lib/answer-text";
import { isAnswered } from "./answers";

const choice: Attempt["questions"][number] = {
  _id: "q1",
  type: "multiple_choice",
  text: "Pick",
  points: 2,
  image: null,
  options: [
    { _id: "a", text: "Alpha" },
    { _id: "b", text: "Beta" },
  ],
  answer: null,
  pointsAwarded: null,
  feedback: null,
};

describe("isAnswered", () => {
  it("counts false and 0 as answers but not blanks or empty picks", () => {
    expect(isAnswered(false)).toBe(true);
    expect(isAnswered(0)).toBe(true);
    expect(isAnswered("  ")).toBe(false);
    expect(isAnswered([])).toBe(false);
    expect(isAnswered(null)).toBe(false);
  });
});

describe("describeAnswer", () => {
  it("names picked options, booleans and numeric keys", () => {
    expect(describeAnswer(choice, ["b", "a"])).toBe("Beta, Alpha");
    expect(describeAnswer({ ...choice, type: "single_choice" }, "a")).toBe("Alpha");
    expect(describeAnswer({ ...choice, type: "true_false" }, false)).toBe("False");
    expect(describeAnswer({ ...choice, type: "numeric" }, { value: 3, tolerance: 0.5 })).toBe("3 ± 0.5");
    expect(describeAnswer({ ...choice, type: "short_answer" }, "")).toBe("No answer");
  });
});
