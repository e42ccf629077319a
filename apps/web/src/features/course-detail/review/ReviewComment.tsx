import type { CourseReview } from "@lms/contract";
import { MessageSquareWarning } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { formatDate } from "@/lib/datetime";

/** The admin's comment on a course sent back for changes. */
export function ReviewComment({ review, action }: { review: CourseReview; action?: ReactNode }) {
  const { t } = useTranslation("course-detail");
  const by = [review.reviewer?.name, review.reviewedAt && formatDate(review.reviewedAt)].filter(Boolean).join(", ");
  return (
    <Alert role="status" variant="destructive" data-testid="review-comment">
      <MessageSquareWarning aria-hidden="true" />
      <AlertTitle>{by ? t("review.changesRequestedBy", { by }) : t("review.changesRequested")}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p className="whitespace-pre-line break-words text-foreground">{review.comment}</p>
        {action}
      </AlertDescription>
    </Alert>
  );
}
