import { useTranslation } from "react-i18next";
import { usePublicCourse } from "@/api/course-detail";
import { PageLoader } from "@/components/PageLoader";
import { CourseLoadError, CourseNotFound } from "./CourseStates";
import { statusOf } from "./not-enrolled";
import { PublicCourseView } from "./PublicCourseView";

/** Spec §6: a learner who is not enrolled gets the public course info, with Enroll. */
export function PublicCourseFallback({ courseId, notice }: { courseId: string; notice?: string }) {
  const { t } = useTranslation();
  const course = usePublicCourse(courseId);
  if (course.isPending) return <PageLoader label={t("course.loading")} />;
  if (course.isError) {
    if (statusOf(course.error) === 404) {
      return <CourseNotFound />;
    }
    return <CourseLoadError title={t("courseUi.loadCourseFailed")} onRetry={() => void course.refetch()} />;
  }
  return <PublicCourseView course={course.data} notice={notice} />;
}
