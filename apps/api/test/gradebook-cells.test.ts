import { describe, expect, it } from "vitest";
import { type AttemptFacts, cellOf, courseGrade } from "../src/modules/gradebook/cells.js";

const graded = (score: number, max = 10, late = 0): AttemptFacts => ({ state: "graded", score, max_points: max, late });
const now = Date.parse("2031-01-10T00:00:00.000Z");

describe("cellOf", () => {
  it("takes the percent of the points each attempt offered (a drawn pool offers fewer than the total)", () => {
    expect(cellOf([graded(4, 5), graded(6, 10)], "highest", null, now)).toMatchObject({ score: 6, percent: 60 });
    expect(cellOf([graded(4, 5), graded(3, 10)], "average", null, now)).toMatchObject({ score: 3.5, percent: 55 });
    expect(cellOf([graded(4, 5), graded(3, 10)], "latest", null, now)).toMatchObject({ score: 3, percent: 30 });
  });

  it("marks late by the attempt that counts: the first best, the last, or any for an average", () => {
    const attempts = [graded(8, 10, 1), graded(8, 10), graded(5, 10)];
    expect(cellOf(attempts, "highest", null, now).late).toBe(true);
    expect(cellOf(attempts, "latest", null, now).late).toBe(false);
    expect(cellOf(attempts, "average", null, now).late).toBe(true);
    const waiting: AttemptFacts = { state: "submitted", score: null, max_points: 10, late: 1 };
    expect(cellOf([waiting], "highest", null, now)).toMatchObject({ late: true, needsGrading: true, percent: null });
  });

  it("is missing only past the due date with nothing handed in", () => {
    const open: AttemptFacts = { state: "in_progress", score: null, max_points: 10, late: 0 };
    expect(cellOf([], "highest", Date.parse("2031-01-09T00:00:00.000Z"), now).missing).toBe(true);
    expect(cellOf([open], "highest", Date.parse("2031-01-09T00:00:00.000Z"), now)).toMatchObject({
      missing: true,
      state: "in_progress",
    });
    expect(cellOf([], "highest", Date.parse("2031-01-11T00:00:00.000Z"), now).missing).toBe(false);
    expect(cellOf([], "highest", null, now)).toMatchObject({ missing: false, state: "not_started" });
    expect(cellOf([graded(0)], "highest", Date.parse("2031-01-09T00:00:00.000Z"), now).missing).toBe(false);
  });
});

describe("courseGrade", () => {
  const cell = (percent: number | null, missing = false) => ({
    score: null,
    percent,
    state: "graded" as const,
    late: false,
    missing,
    needsGrading: false,
  });

  it("weighs graded and missing cells, leaves the rest out, and is null when nothing counts", () => {
    expect(courseGrade([1, 3, 2], [cell(100), cell(null, true), cell(null)])).toBe(25);
    expect(courseGrade([1, 1], [cell(null), cell(null)])).toBeNull();
    expect(courseGrade([0, 0], [cell(80), cell(null, true)])).toBeNull();
    expect(courseGrade([0, 2], [cell(10), cell(90)])).toBe(90);
  });
});
