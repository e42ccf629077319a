import type { CourseDetail } from "@lms/contract";
import { CheckCircle2, Circle, PlayCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Progress } from "@/components/ui/progress";
import { formatPercent } from "@/lib/format";
import { cn } from "@/lib/utils";
import { isLessonComplete } from "./lesson-order";

export function LearningOutline({ course, currentLessonId }: { course: CourseDetail; currentLessonId: string }) {
  const { t } = useTranslation("lesson-viewer");
  const progress = course.progress;
  return (
    <div className="grid gap-4">
      {progress ? (
        <div className="grid gap-2">
          <div className="flex items-baseline justify-between text-sm">
            <span className="font-medium">{t("outline.progress")}</span>
            <span className="font-semibold" data-testid="lesson-progress">
              {formatPercent(progress.percentage)}
            </span>
          </div>
          <Progress value={progress.percentage} label={t("outline.progress")} />
          <p className="text-xs text-muted-foreground">
            {t("outline.videos", { done: progress.videosCompleted, count: progress.totalVideos })} ·{" "}
            {t("outline.resources", { done: progress.resourcesViewed, count: progress.totalResources })}
          </p>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">{t("outline.untracked")}</p>
      )}
      <nav aria-label={t("outline.label")} className="flex max-h-[60vh] flex-col gap-4 overflow-y-auto pr-1">
        {course.modules.map((module) => (
          <div key={module._id} className="flex flex-col gap-1">
            <p className="px-2 font-medium text-sm">{module.title}</p>
            <ul className="flex flex-col gap-0.5">
              {module.lessons.map((lesson) => {
                const current = lesson._id === currentLessonId;
                const done = progress !== null && isLessonComplete(lesson);
                const Icon = done ? CheckCircle2 : current ? PlayCircle : Circle;
                return (
                  <li key={lesson._id}>
                    <Link
                      to={`/courses/${course._id}/lessons/${lesson._id}`}
                      aria-current={current ? "page" : undefined}
                      className={cn(
                        "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm transition-colors",
                        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                        current ? "bg-primary/10 font-medium text-primary" : "hover:bg-accent",
                      )}
                    >
                      <Icon
                        aria-hidden="true"
                        className={cn("size-4 shrink-0", done ? "text-success" : "text-muted-foreground")}
                      />
                      <span className="min-w-0 truncate">{lesson.title}</span>
                      {done && <span className="sr-only">{t("outline.completed")}</span>}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}
