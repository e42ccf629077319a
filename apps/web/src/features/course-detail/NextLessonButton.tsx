import type { CourseDetail, CourseProgress } from "@lms/contract";
import { Play, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/**
 * Start (nothing done yet) or Continue (to the server's next unfinished lesson); Review from the
 * first lesson once every lesson is done. Nothing when the course has no lessons.
 */
export function NextLessonButton({ course, progress }: { course: CourseDetail; progress: CourseProgress }) {
  const { t } = useTranslation("course-detail");
  const first = course.syllabus[0]?._id;
  const lessonId = course.nextLessonId ?? first;
  if (!lessonId) return null;
  const started = progress.percentage > 0 || course.syllabus.some((lesson) => lesson.viewed);
  const label = course.nextLessonId === null ? t("next.review") : started ? t("next.continue") : t("next.start");
  const Icon = course.nextLessonId === null ? RotateCcw : Play;
  return (
    <Button asChild className="w-full sm:w-auto">
      <Link to={`/courses/${course._id}/lessons/${lessonId}`} data-testid="next-lesson">
        <Icon aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
