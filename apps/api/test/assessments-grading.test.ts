import { describe, expect, it } from "vitest";
import {
  answerFits,
  applyLatePenalty,
  countedScore,
  type FrozenQuestion,
  gradeAnswer,
  shuffled,
} from "../src/modules/assessments/grading.js";

const choice = (type: "single_choice" | "multiple_choice", correct: number[], count = 4): FrozenQuestion => ({
  id: "q",
  type,
  text: "Pick",
  points: 4,
  options: Array.from({ length: count }, (_, i) => ({
    id: String(i),
    text: `Option ${i}`,
    correct: correct.includes(i),
  })),
});

describe("gradeAnswer", () => {
  it("single choice: full points for the correct option only", () => {
    const q = choice("single_choice", [2]);
    expect(gradeAnswer(q, "2")).toBe(4);
    expect(gradeAnswer(q, "1")).toBe(0);
    expect(gradeAnswer(q, null)).toBe(0);
  });

  it("multiple choice: points × max(0, (right − wrong) / correct options)", () => {
    const q = choice("multiple_choice", [0, 1, 2], 5);
    expect(gradeAnswer(q, ["0", "1", "2"])).toBe(4);
    expect(gradeAnswer(q, ["0", "1"])).toBe(2.67);
    expect(gradeAnswer(q, ["0", "1", "3"])).toBe(1.33);
    expect(gradeAnswer(q, ["0", "3", "4"])).toBe(0);
    expect(gradeAnswer(q, ["0", "1", "2", "3", "4"])).toBe(1.33);
    expect(gradeAnswer(q, [])).toBe(0);
    expect(gradeAnswer(q, "0")).toBe(0);
  });

  it("true/false", () => {
    const q: FrozenQuestion = { id: "q", type: "true_false", text: "?", points: 1, correct: false };
    expect(gradeAnswer(q, false)).toBe(1);
    expect(gradeAnswer(q, true)).toBe(0);
  });

  it("short answer ignores case and surrounding space, not inner differences", () => {
    const q: FrozenQuestion = {
      id: "q",
      type: "short_answer",
      text: "?",
      points: 2,
      acceptedAnswers: ["Paris", "Île-de-France"],
    };
    expect(gradeAnswer(q, "  pArIs ")).toBe(2);
    expect(gradeAnswer(q, "île-de-france")).toBe(2);
    expect(gradeAnswer(q, "Par is")).toBe(0);
    expect(gradeAnswer(q, "London")).toBe(0);
  });

  it("numeric: |answer − value| ≤ tolerance, bounds included", () => {
    const q: FrozenQuestion = { id: "q", type: "numeric", text: "?", points: 3, value: 3.14, tolerance: 0.01 };
    expect(gradeAnswer(q, 3.14)).toBe(3);
    expect(gradeAnswer(q, 3.15)).toBe(3);
    expect(gradeAnswer(q, 3.13)).toBe(3);
    expect(gradeAnswer(q, 3.16)).toBe(0);
    const exact: FrozenQuestion = { id: "q", type: "numeric", text: "?", points: 1, value: 0.3, tolerance: 0 };
    expect(gradeAnswer(exact, 0.1 + 0.2)).toBe(1);
  });

  it("essay and file upload always wait for a hand grade, answered or left empty", () => {
    const essay: FrozenQuestion = { id: "q", type: "essay", text: "?", points: 10 };
    expect(gradeAnswer(essay, "My essay")).toBeNull();
    expect(gradeAnswer(essay, null)).toBeNull();
    expect(gradeAnswer({ ...essay, type: "file_upload" }, null)).toBeNull();
    expect(gradeAnswer({ ...essay, type: "short_answer", acceptedAnswers: ["x"] }, null)).toBe(0);
  });
});

describe("answerFits", () => {
  it("accepts only the shape and the options of the question", () => {
    const single = choice("single_choice", [0]);
    expect(answerFits(single, "3")).toBe(true);
    expect(answerFits(single, "9")).toBe(false);
    expect(answerFits(single, ["0"])).toBe(false);
    const multiple = choice("multiple_choice", [0]);
    expect(answerFits(multiple, ["0", "1"])).toBe(true);
    expect(answerFits(multiple, ["0", "0"])).toBe(false);
    expect(answerFits({ id: "q", type: "numeric", text: "?", points: 1, value: 1 }, "1")).toBe(false);
    expect(answerFits({ id: "q", type: "true_false", text: "?", points: 1, correct: true }, true)).toBe(true);
    expect(answerFits({ id: "q", type: "file_upload", text: "?", points: 1 }, "x")).toBe(false);
  });
});

describe("applyLatePenalty", () => {
  const perDay = { percent: 10, per: "day" as const, floor: 50 };

  it("takes percent of the maximum per started day or hour late", () => {
    expect(applyLatePenalty(90, 100, 0, perDay)).toEqual({ score: 90, penalty: 0 });
    expect(applyLatePenalty(90, 100, 1, perDay)).toEqual({ score: 80, penalty: 10 });
    expect(applyLatePenalty(90, 100, 86_401, perDay)).toEqual({ score: 70, penalty: 20 });
    expect(applyLatePenalty(10, 20, 2 * 3600, { percent: 5, per: "hour", floor: 0 })).toEqual({ score: 8, penalty: 2 });
  });

  it("never goes below the floor, and never raises a score already under it", () => {
    expect(applyLatePenalty(90, 100, 10 * 86_400, perDay)).toEqual({ score: 50, penalty: 40 });
    expect(applyLatePenalty(30, 100, 10 * 86_400, perDay)).toEqual({ score: 30, penalty: 0 });
    expect(applyLatePenalty(90, 100, 30 * 86_400, { percent: 10, per: "day", floor: 0 })).toEqual({
      score: 0,
      penalty: 90,
    });
  });
});

describe("countedScore and shuffled", () => {
  it("counts the highest, the latest or the average of graded attempts", () => {
    expect(countedScore("highest", [3, 7, 5])).toBe(7);
    expect(countedScore("latest", [3, 7, 5])).toBe(5);
    expect(countedScore("average", [3, 7, 5])).toBe(5);
    expect(countedScore("average", [1, 2])).toBe(1.5);
    expect(countedScore("highest", [])).toBeNull();
  });

  it("shuffles a copy and keeps every item", () => {
    const items = [1, 2, 3, 4, 5];
    const result = shuffled(items, () => 0);
    expect(result).toEqual([2, 3, 4, 5, 1]);
    expect(items).toEqual([1, 2, 3, 4, 5]);
  });
});
