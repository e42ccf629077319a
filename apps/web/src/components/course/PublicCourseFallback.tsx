import { usePublicCourse } from "@/api/course-detail";
import { PageLoader } from "@/components/PageLoader";
import { COURSE_UI } from "@/lib/course-messages";
import { CourseLoadError, CourseNotFound } from "./CourseStates";
import { statusOf } from "./not-enrolled";
import { PublicCourseView } from "./PublicCourseView";

/** Spec §6: a learner who is not enrolled gets the public course info, with Enroll. */
export function PublicCourseFallback({ courseId, notice }: { courseId: string; notice?: string }) {
  const course = usePublicCourse(courseId);
  if (course.isPending) return <PageLoader label="Loading course" />;
  if (course.isError) {
    if (statusOf(course.error) === 404) {
      return <CourseNotFound />;
    }
    return <CourseLoadError title={COURSE_UI.loadCourseFailed} onRetry={() => void course.refetch()} />;
  }
  return <PublicCourseView course={course.data} notice={notice} />;
}
