import type { CourseDetail } from "@lms/contract";
import { Eye, EyeOff } from "lucide-react";
import { toast } from "sonner";
import { messageOf } from "@/api/errors";
import { useSetCourseStatus } from "@/api/managed-courses";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { COURSE_UI } from "@/lib/course-messages";

/** Spec §4 "Course published flag": publish sends active, unpublish inactive; then the course reloads. */
export function PublishCard({ course }: { course: CourseDetail }) {
  const status = useSetCourseStatus(course._id);
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
      <CardContent>
        <Button variant={course.published ? "outline" : "default"} onClick={toggle} disabled={status.isPending}>
          {status.isPending ? (
            <Spinner />
          ) : course.published ? (
            <EyeOff aria-hidden="true" />
          ) : (
            <Eye aria-hidden="true" />
          )}
          {course.published ? "Unpublish" : "Publish"}
        </Button>
      </CardContent>
    </Card>
  );
}
