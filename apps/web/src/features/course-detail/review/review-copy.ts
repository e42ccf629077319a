import type { CourseReviewState } from "@lms/contract";
import { formatDate } from "@/lib/datetime";

/** What the instructor reads about their course's visibility, by review state. */
export function reviewSummary(state: CourseReviewState): string {
  if (state.published) {
    return state.canPublish
      ? "Learners can find this course in the catalogue and enroll."
      : "Learners can find this course in the catalogue. Only admins can unpublish it.";
  }
  if (state.canPublish) return "Only you and admins can see this course until you publish it.";
  const { review } = state;
  if (review.status === "submitted" && review.submittedAt) {
    return `Submitted for review on ${formatDate(review.submittedAt)}. An admin will publish it or send it back with comments.`;
  }
  if (review.status === "changes_requested") {
    return "An admin sent this course back. Make the changes below, then submit it again.";
  }
  return "Admins publish courses. Submit this course for review when it is ready for learners.";
}
