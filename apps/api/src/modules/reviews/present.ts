import type { CourseReview, ReviewQueueItem } from "@lms/contract";
import type { QueueRow, ReviewRow } from "./repo.js";

const NO_REVIEW: CourseReview = { status: "none", comment: null, submittedAt: null, reviewedAt: null, reviewer: null };

export function presentReview(row: ReviewRow | undefined): CourseReview {
  if (!row) return NO_REVIEW;
  return {
    status: row.status,
    comment: row.comment,
    submittedAt: row.submitted_at,
    reviewedAt: row.reviewed_at,
    reviewer: row.reviewer_id && row.reviewer_name ? { _id: row.reviewer_id, name: row.reviewer_name } : null,
  };
}

export function presentQueueItem(row: QueueRow): ReviewQueueItem {
  return {
    _id: row.id,
    title: row.title,
    courseCode: row.course_code,
    shortDescription: row.short_description,
    category: row.category_name,
    instructorId:
      row.instructor_id && row.instructor_name ? { _id: row.instructor_id, name: row.instructor_name } : null,
    submittedAt: row.submitted_at ?? row.updated_at,
    updatedAt: row.updated_at,
  };
}
