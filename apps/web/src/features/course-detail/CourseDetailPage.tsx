import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useCourseDetail } from "@/api/course-detail";
import { useAuth } from "@/auth/auth-context";
import { BackToCourses, CourseLoadError, CourseNotFound } from "@/components/course/CourseStates";
import { isNotEnrolled, statusOf } from "@/components/course/not-enrolled";
import { PublicCourseFallback } from "@/components/course/PublicCourseFallback";
import { PageLoader } from "@/components/PageLoader";
import { StateScreen } from "@/components/StateScreen";
import { COURSE_UI } from "@/lib/course-messages";
import { CourseDetailView } from "./CourseDetailView";

/** /courses/{id} and /instructor/courses/{id}: the full course, or the state that explains why not. */
export function CourseDetailPage() {
  const { t } = useTranslation("course-detail");
  const { courseId = "" } = useParams();
  const { user } = useAuth();
  const detail = useCourseDetail(courseId, user?.role);

  if (!user || detail.isPending) return <PageLoader label={t("page.loading")} />;
  if (detail.isError) {
    const status = statusOf(detail.error);
    if (isNotEnrolled(detail.error)) return <PublicCourseFallback courseId={courseId} />;
    if (status === 404 || status === 400) {
      return <CourseNotFound />;
    }
    if (status === 403) {
      return (
        <StateScreen
          icon={ShieldAlert}
          tone="destructive"
          title={COURSE_UI.accessDeniedTitle}
          description={COURSE_UI.accessDeniedCourse}
        >
          <BackToCourses />
        </StateScreen>
      );
    }
    return <CourseLoadError title={COURSE_UI.loadDetailFailed} onRetry={() => void detail.refetch()} />;
  }
  return <CourseDetailView course={detail.data} role={user.role} />;
}
