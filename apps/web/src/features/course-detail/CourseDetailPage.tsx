import { SearchX, ShieldAlert } from "lucide-react";
import { Link, useParams } from "react-router";
import { useCourseDetail } from "@/api/course-detail";
import { useAuth } from "@/auth/auth-context";
import { isNotEnrolled, statusOf } from "@/components/course/not-enrolled";
import { PublicCourseFallback } from "@/components/course/PublicCourseFallback";
import { ErrorState } from "@/components/ErrorState";
import { PageLoader } from "@/components/PageLoader";
import { StateScreen } from "@/components/StateScreen";
import { Button } from "@/components/ui/button";
import { COURSE_UI } from "@/lib/course-messages";
import { CourseDetailView } from "./CourseDetailView";

const backToCourses = (
  <Button asChild>
    <Link to="/courses">Back to Courses</Link>
  </Button>
);

/** /courses/{id} and /instructor/courses/{id}: the full course, or the state that explains why not. */
export function CourseDetailPage() {
  const { courseId = "" } = useParams();
  const { user } = useAuth();
  const detail = useCourseDetail(courseId, user?.role);

  if (!user || detail.isPending) return <PageLoader label="Loading course" />;
  if (detail.isError) {
    const status = statusOf(detail.error);
    if (isNotEnrolled(detail.error)) return <PublicCourseFallback courseId={courseId} />;
    if (status === 404 || status === 400) {
      return (
        <StateScreen icon={SearchX} title={COURSE_UI.courseNotFoundTitle} description={COURSE_UI.courseNotFoundBody}>
          {backToCourses}
        </StateScreen>
      );
    }
    if (status === 403) {
      return (
        <StateScreen
          icon={ShieldAlert}
          tone="destructive"
          title={COURSE_UI.accessDeniedTitle}
          description={COURSE_UI.accessDeniedCourse}
        >
          {backToCourses}
        </StateScreen>
      );
    }
    return (
      <div className="mx-auto w-full max-w-lg px-4 py-16">
        <ErrorState title={COURSE_UI.loadDetailFailed} onRetry={() => void detail.refetch()} />
      </div>
    );
  }
  return <CourseDetailView course={detail.data} role={user.role} />;
}
