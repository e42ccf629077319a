import type { CourseReviewState } from "@lms/contract";
import i18next from "i18next";
import { formatDate } from "@/lib/datetime";

/** What the instructor reads about their course's visibility, by review state. */
export function reviewSummary(state: CourseReviewState): string {
  const t = i18next.getFixedT(null, "course-detail");
  if (state.published) return state.canPublish ? t("visibility.published") : t("review.publishedAdminsOnly");
  if (state.canPublish) return t("review.untilPublished");
  const { review } = state;
  if (review.status === "submitted" && review.submittedAt) {
    return t("review.submittedForReviewOn", { date: formatDate(review.submittedAt) });
  }
  if (review.status === "changes_requested") {
    return t("review.sentBack");
  }
  return t("review.submitWhenReady");
}
