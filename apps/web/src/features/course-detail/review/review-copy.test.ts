import type { CourseReviewState } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { reviewSummary } from "./review-copy";

const state = (overrides: Partial<CourseReviewState> = {}, review: Partial<CourseReviewState["review"]> = {}) =>
  ({
    published: false,
    canPublish: false,
    canSubmit: true,
    ...overrides,
    review: { status: "none", comment: null, submittedAt: null, reviewedAt: null, reviewer: null, ...review },
  }) as CourseReviewState;

describe("reviewSummary", () => {
  it("tells an instructor without publishing rights to submit, then that it waits, then what to do when sent back", () => {
    expect(reviewSummary(state())).toMatch(/Submit this course for review/);
    expect(reviewSummary(state({}, { status: "submitted", submittedAt: "2026-01-05T10:00:00.000Z" }))).toMatch(
      /^Submitted for review on Jan 5, 2026\./,
    );
    expect(reviewSummary(state({}, { status: "changes_requested", comment: "More" }))).toMatch(/sent this course back/);
  });

  it("speaks of publishing when the instructor may publish, and of who may unpublish once published", () => {
    expect(reviewSummary(state({ canPublish: true }))).toMatch(/until you publish it/);
    expect(reviewSummary(state({ published: true }))).toMatch(/Only admins can unpublish it/);
    expect(reviewSummary(state({ published: true, canPublish: true }))).toMatch(/can find this course/);
  });
});
