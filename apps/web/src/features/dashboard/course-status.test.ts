import type { EnrolledCourse } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { countStatuses, coursesToContinue } from "./course-status";

const NOW = Date.parse("2026-06-30T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

function course(id: string, percentage: number, enrolledDaysAgo: number, status: "active" | "completed" = "active") {
  return {
    _id: id,
    progress: { percentage },
    enrollment: { status, enrolledAt: daysAgo(enrolledDaysAgo) },
  } as unknown as EnrolledCourse;
}

describe("course status", () => {
  it("counts complete and incomplete courses", () => {
    const courses = [course("a", 100, 40, "completed"), course("b", 10, 20), course("c", 60, 20), course("d", 0, 1)];
    expect(countStatuses(courses)).toEqual({ complete: 1, incomplete: 3 });
  });

  it("puts unfinished courses first when choosing what to continue", () => {
    const courses = [course("done", 100, 5, "completed"), course("a", 10, 5), course("b", 50, 5), course("c", 5, 5)];
    expect(coursesToContinue(courses, 3).map((c) => c._id)).toEqual(["a", "b", "c"]);
  });
});
