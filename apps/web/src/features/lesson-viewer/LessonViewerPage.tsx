import { SearchX, ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams } from "react-router";
import { useCourseDetail } from "@/api/course-detail";
import { useAuth } from "@/auth/auth-context";
import { CourseLoadError, CourseNotFound } from "@/components/course/CourseStates";
import { isNotEnrolled, statusOf } from "@/components/course/not-enrolled";
import { PublicCourseFallback } from "@/components/course/PublicCourseFallback";
import { PageLoader } from "@/components/PageLoader";
import { ProfileUnavailable } from "@/components/ProfileUnavailable";
import { StateScreen } from "@/components/StateScreen";
import { Button } from "@/components/ui/button";
import { COURSE_UI } from "@/lib/course-messages";
import { LessonLayout } from "./LessonLayout";
import { firstLesson, locateLesson } from "./lesson-order";

/** /courses/{courseId}/lessons/{lessonId}: outside the authentication guard (spec §2). */
export function LessonViewerPage() {
  const { t } = useTranslation("lesson-viewer");
  const { courseId = "", lessonId = "" } = useParams();
  const { user, isAuthenticated, loading, reloadProfile } = useAuth();
  const detail = useCourseDetail(courseId, user?.role);

  if (loading) return <PageLoader label={t("page.loading")} />;
  if (!isAuthenticated) return <PublicCourseFallback courseId={courseId} notice={COURSE_UI.noCourseAccess} />;
  if (!user) return <ProfileUnavailable onRetry={reloadProfile} />;
  if (detail.isPending) return <PageLoader label={t("page.loading")} />;

  if (detail.isError) {
    if (isNotEnrolled(detail.error)) {
      return <PublicCourseFallback courseId={courseId} notice={COURSE_UI.noCourseAccess} />;
    }
    const status = statusOf(detail.error);
    if (status === 403) {
      return (
        <StateScreen
          icon={ShieldAlert}
          tone="destructive"
          title={COURSE_UI.accessDeniedTitle}
          description={COURSE_UI.noCourseAccess}
        >
          <Button asChild>
            <Link to="/courses">{t("page.browseCourses")}</Link>
          </Button>
          <Button variant="outline" onClick={() => void detail.refetch()}>
            {t("page.tryAgain")}
          </Button>
        </StateScreen>
      );
    }
    if (status === 404 || status === 400) {
      return <CourseNotFound />;
    }
    return <CourseLoadError title={COURSE_UI.loadCourseFailed} onRetry={() => void detail.refetch()} />;
  }

  const course = detail.data;
  const place = locateLesson(course.modules, lessonId);
  if (!place) {
    const first = firstLesson(course.modules);
    if (first) return <Navigate to={`/courses/${courseId}/lessons/${first._id}`} replace />;
    return (
      <StateScreen icon={SearchX} title={COURSE_UI.lessonNotFoundTitle} description={COURSE_UI.lessonNotFoundBody}>
        <Button asChild>
          <Link to={`/courses/${courseId}`}>{t("page.backToCourse")}</Link>
        </Button>
      </StateScreen>
    );
  }
  return <LessonLayout key={place.lesson._id} course={course} place={place} role={user.role} />;
}
