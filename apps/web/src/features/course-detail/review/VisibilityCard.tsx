import type { CourseDetail } from "@lms/contract";
import { Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useCourseReview, useSubmitForReview } from "@/api/course-review";
import { messageOf } from "@/api/errors";
import { useSetCourseStatus } from "@/api/managed-courses";
import { ErrorState } from "@/components/ErrorState";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { COURSE_UI } from "@/lib/course-messages";
import { toast } from "@/lib/toast";
import { PublishToggleButton } from "../settings/PublishToggleButton";
import { ReviewComment } from "./ReviewComment";
import { reviewSummary } from "./review-copy";

const failed = (fallback: string) => (error: unknown) =>
  toast.error(COURSE_UI.errorTitle, { description: messageOf(error, fallback) });

/**
 * The instructor's view of their course's visibility (issue 9): publish and unpublish while the
 * system setting allows it, otherwise submit for review and read what the admin sent back.
 */
export function VisibilityCard({ course }: { course: CourseDetail }) {
  const { t } = useTranslation("course-detail");
  const state = useCourseReview(course._id);
  const submit = useSubmitForReview(course._id);
  const status = useSetCourseStatus(course._id, "/instructor");
  const done = (message: string | undefined) => toast.success(message ?? COURSE_UI.successTitle);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          {t("visibility.title")}
          <Badge variant={course.published ? "success" : "outline"}>
            {course.published ? t("status.published") : t("status.draft")}
          </Badge>
          {state.data?.review.status === "submitted" && <Badge variant="secondary">{t("status.inReview")}</Badge>}
        </CardTitle>
        {state.data && <CardDescription>{reviewSummary(state.data)}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        {state.isPending ? (
          <Spinner className="size-5" label={t("review.loading")} />
        ) : state.isError ? (
          <ErrorState title={t("review.loadFailed")} onRetry={() => void state.refetch()} />
        ) : (
          <>
            {state.data.review.status === "changes_requested" && <ReviewComment review={state.data.review} />}
            {state.data.canPublish ? (
              <PublishToggleButton
                published={course.published}
                pending={status.isPending}
                onToggle={() =>
                  status.mutate(!course.published, { onSuccess: done, onError: failed(COURSE_UI.updateStatusFailed) })
                }
              />
            ) : (
              state.data.canSubmit && (
                <Button
                  className="justify-self-start"
                  disabled={submit.isPending}
                  onClick={() =>
                    submit.mutate(undefined, {
                      onSuccess: ({ message }) => done(message),
                      onError: failed(t("review.submitFailed")),
                    })
                  }
                >
                  {submit.isPending ? <Spinner /> : <Send aria-hidden="true" />}
                  {state.data.review.status === "changes_requested" ? t("review.submitAgain") : t("review.submit")}
                </Button>
              )
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
