import { Clock, Pencil } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useCourseReview } from "@/api/course-review";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/datetime";
import { ReviewComment } from "./ReviewComment";

/** Above the tabs, for the course's instructor: what the admin asked for, or that the course waits for review. */
export function ReviewBanner({ courseId, onEdit }: { courseId: string; onEdit: () => void }) {
  const { t } = useTranslation("course-detail");
  const state = useCourseReview(courseId);
  const review = state.data?.review;
  if (!review || state.data?.published) return null;
  if (review.status === "changes_requested") {
    return (
      <ReviewComment
        review={review}
        action={
          <Button size="sm" variant="outline" className="justify-self-start" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            {t("review.editCourse")}
          </Button>
        }
      />
    );
  }
  if (review.status === "submitted" && review.submittedAt) {
    return (
      <Alert role="status">
        <Clock aria-hidden="true" />
        <AlertTitle>{t("review.waiting")}</AlertTitle>
        <AlertDescription>{t("review.submittedOn", { date: formatDate(review.submittedAt) })}</AlertDescription>
      </Alert>
    );
  }
  return null;
}
