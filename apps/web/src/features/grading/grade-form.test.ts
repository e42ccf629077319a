import type { Attempt } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { gradeFormSchema, gradesToSend, initialGrades } from "./grade-form";

const question = (over: Partial<Attempt["questions"][number]>): Attempt["questions"][number] => ({
  _id: "q",
  type: "essay",
  text: "?",
  points: 5,
  image: null,
  answer: null,
  pointsAwarded: null,
  feedback: null,
  ...over,
});

const attempt = {
  questions: [
    question({ _id: "choice", type: "single_choice", answer: "0", pointsAwarded: 2, points: 2 }),
    question({ _id: "essay", answer: "My essay" }),
    question({ _id: "file", type: "file_upload", file: null, points: 3 }),
  ],
} as Attempt;

describe("the grade form", () => {
  it("starts an unanswered hand-graded question at 0 and an answered one empty", () => {
    expect(initialGrades(attempt).grades.map((g) => g.points)).toEqual(["2", "", "0"]);
  });

  it("sends hand-graded questions, and a scored one only when the grader changed it", () => {
    const initial = initialGrades(attempt);
    const values = { grades: [initial.grades[0], { points: "4", feedback: " Good " }, initial.grades[2]] };
    expect(gradesToSend(attempt, values, initial).grades.map((g) => g.questionId)).toEqual(["essay", "file"]);
    const corrected = { grades: [{ points: "1", feedback: "" }, ...values.grades.slice(1)] };
    expect(gradesToSend(attempt, corrected, initial).grades[0]).toEqual({
      questionId: "choice",
      points: 1,
      feedback: "",
    });
  });

  it("refuses points outside 0 to the question's points, and empty points", () => {
    const schema = gradeFormSchema(attempt.questions);
    const check = (points: string) =>
      schema.safeParse({
        grades: [
          { points: "2", feedback: "" },
          { points, feedback: "" },
          { points: "0", feedback: "" },
        ],
      }).success;
    expect(check("5")).toBe(true);
    expect(check("5.5")).toBe(false);
    expect(check("-1")).toBe(false);
    expect(check("")).toBe(false);
  });
});
