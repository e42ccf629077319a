import type { CourseDetail } from "@lms/contract";
import { Link } from "react-router";
import { toast } from "sonner";
import { useCourseReview } from "@/api/course-review";
import { messageOf } from "@/api/errors";
import { useSetCourseStatus } from "@/api/managed-courses";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { COURSE_UI } from "@/lib/course-messages";
import { formatDate } from "@/lib/datetime";
import { PublishToggleButton } from "./PublishToggleButton";

/**
 * Spec §4 "Course published flag": publish sends active, unpublish inactive; then the course reloads.
 * A course waiting for review says so (publishing here also ends the review).
 */
export function PublishCard({ course }: { course: CourseDetail }) {
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
          Visibility
          <Badge variant={course.published ? "success" : "outline"}>{course.published ? "Published" : "Draft"}</Badge>
        </CardTitle>
        <CardDescription>
          {course.published
            ? "Learners can find this course in the catalogue and enroll."
            : "Only admins and the instructor can see this course."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {review.data?.review.status === "submitted" && review.data.review.submittedAt && (
          <p className="text-sm">
            The instructor submitted this course for review on {formatDate(review.data.review.submittedAt)}.{" "}
            <Link to="/admin/reviews" className="font-medium text-primary underline-offset-4 hover:underline">
              Review Courses
            </Link>
          </p>
        )}
        <PublishToggleButton published={course.published} pending={status.isPending} onToggle={toggle} />
      </CardContent>
    </Card>
  );
}
