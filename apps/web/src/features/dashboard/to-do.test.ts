import type { LearnerToDo } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { toDoPath, toDoTiming } from "./to-do";

const NOW = Date.parse("2026-11-28T10:00:00Z");

function todo(fields: Partial<LearnerToDo>): LearnerToDo {
  return {
    _id: "a1",
    title: "Quiz",
    type: "quiz",
    courseId: "c1",
    courseTitle: "Course",
    dueDate: null,
    state: "not_started",
    attemptId: null,
    attemptDeadline: null,
    timeLimitMinutes: null,
    ...fields,
  };
}

describe("toDoTiming", () => {
  it("gives the minutes left on an open timed attempt, rounded up, before any due date", () => {
    const running = todo({
      state: "in_progress",
      attemptDeadline: "2026-11-28T10:12:30Z",
      dueDate: "2026-11-29T10:00:00Z",
    });
    expect(toDoTiming(running, NOW)).toEqual({ kind: "timeLeft", minutes: 13 });
    expect(toDoTiming(todo({ attemptDeadline: "2026-11-28T09:59:50Z" }), NOW)).toEqual({
      kind: "timeLeft",
      minutes: 0,
    });
  });

  it("tells a due date ahead from one passed, and undated work", () => {
    expect(toDoTiming(todo({ dueDate: "2026-11-28T12:00:00Z" }), NOW)).toEqual({
      kind: "due",
      dueDate: "2026-11-28T12:00:00Z",
    });
    expect(toDoTiming(todo({ dueDate: "2026-11-28T09:00:00Z" }), NOW)).toEqual({
      kind: "overdue",
      dueDate: "2026-11-28T09:00:00Z",
    });
    expect(toDoTiming(todo({}), NOW)).toEqual({ kind: "undated" });
  });

  it("links to the assessment's page, where an open attempt resumes", () => {
    expect(toDoPath(todo({}))).toBe("/courses/c1/assessments/a1");
  });
});
