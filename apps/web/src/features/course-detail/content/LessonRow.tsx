import type { Lesson } from "@lms/contract";
import { CheckCircle2, Eye, FilePlus2, Pencil, PlayCircle, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { deleteFallback, deleteTrigger } from "@/lib/useFocusAfterDelete";
import { cn } from "@/lib/utils";
import type { OpenDialog } from "../dialog-state";
import { FOCUS_GROUPS } from "../focus-groups";
import { LessonFiles } from "./LessonFiles";

/** Icons only on narrow screens, so all four fit beside the title; their words from `sm` up. */
const ACTION = "size-8 px-0 sm:h-9 sm:w-auto sm:px-3";

interface LessonRowProps {
  courseId: string;
  moduleId: string;
  lesson: Lesson;
  manage: boolean;
  tracksProgress: boolean;
  onOpen: OpenDialog;
  /** Its drag handle and Move up/Move down buttons (managers). */
  reorderControls?: ReactNode;
}

/**
 * One lesson. For its managers the buttons stay on the title's line at every width, the title wrapping
 * beside them; on narrow screens the reorder controls and the Published/Draft badge make a second line.
 */
export function LessonRow({
  courseId,
  moduleId,
  lesson,
  manage,
  tracksProgress,
  onOpen,
  reorderControls,
}: LessonRowProps) {
  const { t } = useTranslation("course-detail");
  const href = `/courses/${courseId}/lessons/${lesson._id}`;
  const done = tracksProgress && lesson.files.length > 0 && lesson.files.every((f) => f.progress?.completed);
  return (
    <div className="rounded-lg border bg-background">
      <div
        className={cn(
          "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1 p-3",
          manage && "sm:grid-cols-[auto_minmax(0,1fr)_auto_auto]",
        )}
      >
        {reorderControls && (
          <div className="col-start-1 row-start-2 sm:row-start-1 sm:col-start-1">{reorderControls}</div>
        )}
        <Link
          to={href}
          className={cn(
            "col-start-1 row-start-1 flex min-w-0 items-center gap-3 rounded-md hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            manage && "sm:col-start-2",
            manage && !reorderControls && "row-span-2 sm:row-span-1",
          )}
        >
          {done ? (
            <CheckCircle2 aria-label={t("content.completed")} className="size-5 shrink-0 text-success" />
          ) : (
            <PlayCircle aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          )}
          <span className="grid min-w-0">
            <span className="break-words font-medium">{lesson.title}</span>
            <span className="text-xs text-muted-foreground">{t("count.files", { count: lesson.files.length })}</span>
          </span>
        </Link>
        {manage && (
          <>
            <Badge
              variant={lesson.isPublished ? "success" : "outline"}
              className="col-start-2 row-start-2 justify-self-end sm:col-start-3 sm:row-start-1"
            >
              {lesson.isPublished ? t("status.published") : t("status.draft")}
            </Badge>
            <div className="col-start-2 row-start-1 flex shrink-0 items-center gap-1 sm:col-start-4">
              <Button
                variant="ghost"
                size="sm"
                className={ACTION}
                aria-label={t("content.addFilesToLesson", { title: lesson.title })}
                onClick={() => onOpen({ type: "files", moduleId, lesson })}
                {...deleteFallback(FOCUS_GROUPS.files(lesson._id))}
              >
                <FilePlus2 aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{t("actions.files")}</span>
              </Button>
              <Button variant="ghost" size="sm" className={ACTION} asChild>
                <Link to={href} aria-label={t("content.viewLesson", { title: lesson.title })}>
                  <Eye aria-hidden="true" />
                  <span className="sr-only sm:not-sr-only">{t("actions.view")}</span>
                </Link>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className={ACTION}
                aria-label={t("content.editLesson", { title: lesson.title })}
                onClick={() => onOpen({ type: "edit-lesson", moduleId, lesson })}
              >
                <Pencil aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{t("actions.edit")}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className={cn(ACTION, "text-destructive hover:text-destructive")}
                aria-label={t("content.deleteLesson", { title: lesson.title })}
                onClick={(event) =>
                  onOpen({
                    type: "delete-content",
                    target: { kind: "lesson", moduleId, lesson },
                    trigger: event.currentTarget,
                  })
                }
                {...deleteTrigger(FOCUS_GROUPS.lessons(moduleId))}
              >
                <Trash2 aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{t("actions.delete")}</span>
              </Button>
            </div>
          </>
        )}
      </div>
      {manage && lesson.files.length > 0 && (
        <LessonFiles
          lesson={lesson}
          onDelete={(file, trigger) =>
            onOpen({ type: "delete-content", target: { kind: "file", moduleId, lesson, file }, trigger })
          }
        />
      )}
    </div>
  );
}
