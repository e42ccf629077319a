import type { CourseModule } from "@lms/contract";
import { ChevronDown } from "lucide-react";
import { Collapsible } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OpenDialog } from "../dialog-state";
import { LessonRow } from "./LessonRow";
import { ModuleActions } from "./ModuleActions";

interface ModuleSectionProps {
  courseId: string;
  module: CourseModule;
  position: number;
  defaultOpen: boolean;
  manage: boolean;
  tracksProgress: boolean;
  onOpen: OpenDialog;
}

export function ModuleSection({
  courseId,
  module,
  position,
  defaultOpen,
  manage,
  tracksProgress,
  onOpen,
}: ModuleSectionProps) {
  const { t } = useTranslation("course-detail");
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-xl border bg-card shadow-sm">
      <div className="flex flex-wrap items-start gap-2 p-4 sm:flex-nowrap sm:items-center">
        <Collapsible.Trigger className="group flex min-w-0 flex-1 items-start gap-3 rounded-md text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <ChevronDown
            aria-hidden="true"
            className="mt-1 size-4 shrink-0 transition-transform group-data-[state=closed]:-rotate-90"
          />
          <span className="grid min-w-0 gap-0.5">
            <span className="break-words font-semibold">
              {t("content.moduleHeading", { position, title: module.title })}
            </span>
            <span className="text-sm text-muted-foreground">
              {t("count.lessons", { count: module.lessons.length })}
            </span>
          </span>
        </Collapsible.Trigger>
        {manage && <ModuleActions module={module} onOpen={onOpen} />}
      </div>
      <Collapsible.Content className="border-t px-4 pt-3 pb-4">
        {module.description && <p className="mb-3 text-sm text-muted-foreground">{module.description}</p>}
        {module.lessons.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("content.noLessons")}</p>
        ) : (
          <ol className="grid gap-2">
            {module.lessons.map((lesson) => (
              <li key={lesson._id}>
                <LessonRow
                  courseId={courseId}
                  moduleId={module._id}
                  lesson={lesson}
                  manage={manage}
                  tracksProgress={tracksProgress}
                  onOpen={onOpen}
                />
              </li>
            ))}
          </ol>
        )}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
