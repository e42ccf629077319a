import type { CourseDetail } from "@lms/contract";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import type { LessonPlace } from "./lesson-order";

/** Course and lesson title with Previous and Next across modules. */
export function LessonTopBar({ course, place }: { course: CourseDetail; place: LessonPlace }) {
  const { t } = useTranslation("lesson-viewer");
  const lessonPath = (id: string) => `/courses/${course._id}/lessons/${id}`;
  return (
    <div className="border-b bg-card">
      <div className="mx-auto flex w-full max-w-[100rem] flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <Link
            to={`/courses/${course._id}`}
            className="w-fit truncate rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {course.title}
          </Link>
          <h1 className="break-words font-semibold text-lg leading-tight sm:text-xl">{place.lesson.title}</h1>
          <p className="text-xs text-muted-foreground">{place.module.title}</p>
        </div>
        <nav aria-label={t("topBar.label")} className="flex gap-2">
          {place.previous ? (
            <Button variant="outline" size="sm" asChild>
              <Link to={lessonPath(place.previous._id)}>
                <ChevronLeft aria-hidden="true" />
                {t("topBar.previous")}
              </Link>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled>
              <ChevronLeft aria-hidden="true" />
              {t("topBar.previous")}
            </Button>
          )}
          {place.next ? (
            <Button size="sm" asChild>
              <Link to={lessonPath(place.next._id)}>
                {t("topBar.next")}
                <ChevronRight aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <Button size="sm" disabled>
              {t("topBar.next")}
              <ChevronRight aria-hidden="true" />
            </Button>
          )}
        </nav>
      </div>
    </div>
  );
}
