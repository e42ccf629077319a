import type { CourseDetail } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCourseReview } from "@/api/course-review";
import { messageOf } from "@/api/errors";
import { useSetCourseStatus } from "@/api/managed-courses";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { COURSE_UI } from "@/lib/course-messages";
import { formatDate } from "@/lib/datetime";
import { toast } from "@/lib/toast";
import { PublishToggleButton } from "./PublishToggleButton";

/**
 * Spec §4 "Course published flag": publish sends active, unpublish inactive; then the course reloads.
 * A course waiting for review says so (publishing here also ends the review).
 */
export function PublishCard({ course }: { course: CourseDetail }) {
  const { t } = useTranslation("course-detail");
  const status = useSetCourseStatus(course._id);
  const review = useCourseReview(course._id, !course.published);
  const toggle = () =>
    status.mutate(!course.published, {
      onSuccess: (message) => toast.success(message ?? COURSE_UI.successTitle),
      onError: (error) =>
        toast.error(COURSE_UI.errorTitle, { description: messageOf(error, COURSE_UI.updateStatusFailed) }),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          {t("visibility.title")}
          <Badge variant={course.published ? "success" : "outline"}>
            {course.published ? t("status.published") : t("status.draft")}
          </Badge>
        </CardTitle>
        <CardDescription>{course.published ? t("visibility.published") : t("visibility.draft")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {review.data?.review.status === "submitted" && review.data.review.submittedAt && (
          <p className="text-sm">
            {t("visibility.submittedOn", { date: formatDate(review.data.review.submittedAt) })}{" "}
            <Link to="/admin/reviews" className="font-medium text-primary underline-offset-4 hover:underline">
              {t("visibility.reviewCourses")}
            </Link>
          </p>
        )}
        <PublishToggleButton published={course.published} pending={status.isPending} onToggle={toggle} />
      </CardContent>
    </Card>
  );
}
