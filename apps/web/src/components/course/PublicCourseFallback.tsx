import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { usePublicCourse } from "@/api/course-detail";
import { ErrorState } from "@/components/ErrorState";
import { PageLoader } from "@/components/PageLoader";
import { StateScreen } from "@/components/StateScreen";
import { Button } from "@/components/ui/button";
import { COURSE_UI } from "@/lib/course-messages";
import { statusOf } from "./not-enrolled";
import { PublicCourseView } from "./PublicCourseView";

/** Spec §6: a learner who is not enrolled gets the public course info, with Enroll. */
export function PublicCourseFallback({ courseId, notice }: { courseId: string; notice?: string }) {
  const course = usePublicCourse(courseId);
  if (course.isPending) return <PageLoader label="Loading course" />;
  if (course.isError) {
    if (statusOf(course.error) === 404) {
      return (
        <StateScreen icon={SearchX} title={COURSE_UI.courseNotFoundTitle} description={COURSE_UI.courseNotFoundBody}>
          <Button asChild>
            <Link to="/courses">Back to Courses</Link>
          </Button>
        </StateScreen>
      );
    }
    return (
      <div className="mx-auto w-full max-w-lg px-4 py-16">
        <ErrorState title={COURSE_UI.loadCourseFailed} onRetry={() => void course.refetch()} />
      </div>
    );
  }
  return <PublicCourseView course={course.data} notice={notice} />;
}
