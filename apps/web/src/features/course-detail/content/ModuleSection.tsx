import type { CourseModule } from "@lms/contract";
import { ChevronDown } from "lucide-react";
import { Collapsible } from "radix-ui";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OpenDialog } from "../dialog-state";
import { LessonRow } from "./LessonRow";
import { ModuleActions } from "./ModuleActions";
import { SortableList } from "./SortableList";
import { SortableRow } from "./SortableRow";

/** The id of a module's header button, where focus goes once the module is added. */
export const moduleTriggerId = (moduleId: string) => `module-${moduleId}`;

interface ModuleSectionProps {
  courseId: string;
  module: CourseModule;
  defaultOpen: boolean;
  manage: boolean;
  tracksProgress: boolean;
  onOpen: OpenDialog;
  /** The module's drag handle and Move up/Move down buttons (managers). */
  reorderControls?: ReactNode;
  /** Moves one of its lessons (managers). */
  onMoveLesson?: (from: number, to: number) => void;
}

export function ModuleSection({
  courseId,
  module,
  defaultOpen,
  manage,
  tracksProgress,
  onOpen,
  reorderControls,
  onMoveLesson,
}: ModuleSectionProps) {
  const { t } = useTranslation("course-detail");
  const [open, setOpen] = useState(defaultOpen);
  const { lessons } = module;
  const row = (lesson: CourseModule["lessons"][number], controls?: ReactNode) => (
    <LessonRow
      courseId={courseId}
      moduleId={module._id}
      lesson={lesson}
      manage={manage}
      tracksProgress={tracksProgress}
      onOpen={onOpen}
      reorderControls={controls}
    />
  );
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-xl border bg-card shadow-sm">
      <div className="flex flex-wrap items-start gap-2 p-4 sm:flex-nowrap sm:items-center">
        <Collapsible.Trigger
          id={moduleTriggerId(module._id)}
          className="group flex min-w-0 flex-1 items-start gap-3 rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ChevronDown
            aria-hidden="true"
            className="mt-1 size-4 shrink-0 transition-transform group-data-[state=closed]:-rotate-90"
          />
          <span className="grid min-w-0 gap-0.5">
            <span className="break-words font-semibold">{module.title}</span>
            <span className="text-sm text-muted-foreground">{t("count.lessons", { count: lessons.length })}</span>
          </span>
        </Collapsible.Trigger>
        {manage && <ModuleActions module={module} onOpen={onOpen} reorderControls={reorderControls} />}
      </div>
      <Collapsible.Content className="border-t px-4 pt-3 pb-4">
        {module.description && <p className="mb-3 text-sm text-muted-foreground">{module.description}</p>}
        {lessons.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("content.noLessons")}</p>
        ) : onMoveLesson ? (
          <SortableList
            ids={lessons.map((l) => l._id)}
            titleOf={(id) => lessons.find((l) => l._id === id)?.title ?? ""}
            onMove={onMoveLesson}
          >
            <ol className="grid gap-2">
              {lessons.map((lesson, index) => (
                <SortableRow
                  key={lesson._id}
                  id={lesson._id}
                  title={lesson.title}
                  index={index}
                  count={lessons.length}
                  onMove={onMoveLesson}
                >
                  {(controls) => row(lesson, controls)}
                </SortableRow>
              ))}
            </ol>
          </SortableList>
        ) : (
          <ol className="grid gap-2">
            {lessons.map((lesson) => (
              <li key={lesson._id}>{row(lesson)}</li>
            ))}
          </ol>
        )}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
