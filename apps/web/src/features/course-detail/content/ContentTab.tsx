import type { ContentOrder, CourseDetail, CourseModule } from "@lms/contract";
import { FolderPlus, Layers } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useReorderContent } from "@/api/content";
import type { CourseArea } from "@/auth/roles";
import { EmptyState } from "@/components/EmptyState";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import type { OpenDialog } from "../dialog-state";
import { withLessonMoved, withModuleMoved } from "./content-order";
import { ModuleSection } from "./ModuleSection";
import { SortableList } from "./SortableList";
import { SortableRow } from "./SortableRow";

interface ContentTabProps {
  course: CourseDetail;
  area: CourseArea | null;
  onOpen: OpenDialog;
  /** A module just added: shown open. */
  revealedModuleId?: string | null;
}

/** Expandable modules with their lessons (spec §2 Content); their managers reorder them. */
export function ContentTab({ course, area, onOpen, revealedModuleId }: ContentTabProps) {
  const { t } = useTranslation("course-detail");
  if (course.modules.length === 0) {
    return (
      <EmptyState
        icon={Layers}
        title={t("content.empty")}
        description={area ? t("content.emptyManage") : t("content.emptyLearn")}
        action={
          area && (
            <Button onClick={() => onOpen({ type: "create", kind: "module" })}>
              <FolderPlus aria-hidden="true" />
              {t("actions.addModule")}
            </Button>
          )
        }
      />
    );
  }
  const section = (module: CourseModule, index: number) => ({
    courseId: course._id,
    module,
    defaultOpen: index === 0 || module._id === revealedModuleId,
    tracksProgress: course.progress !== null,
    onOpen,
  });
  if (!area) {
    return (
      <ol className="grid gap-4">
        {course.modules.map((module, index) => (
          <li key={module._id}>
            <ModuleSection {...section(module, index)} manage={false} />
          </li>
        ))}
      </ol>
    );
  }
  return <ManagedModules course={course} area={area} section={section} />;
}

interface ManagedModulesProps {
  course: CourseDetail;
  area: CourseArea;
  section: (module: CourseModule, index: number) => Omit<Parameters<typeof ModuleSection>[0], "manage">;
}

/** The modules as their managers see them: each, and each lesson, moves by drag, keyboard or buttons. */
function ManagedModules({ course, area, section }: ManagedModulesProps) {
  const { t } = useTranslation("course-detail");
  const reorder = useReorderContent(area, course._id);
  const { modules } = course;
  const save = (order: ContentOrder) =>
    reorder.mutate(order, {
      onError: () => toast.error(t("reorder.failedTitle"), { description: t("reorder.failed") }),
    });
  return (
    <SortableList
      ids={modules.map((m) => m._id)}
      titleOf={(id) => modules.find((m) => m._id === id)?.title ?? ""}
      onMove={(from, to) => save(withModuleMoved(modules, from, to))}
    >
      <ol className="grid gap-4">
        {modules.map((module, index) => (
          <SortableRow
            key={module._id}
            id={module._id}
            title={module.title}
            index={index}
            count={modules.length}
            onMove={(from, to) => save(withModuleMoved(modules, from, to))}
          >
            {(controls) => (
              <ModuleSection
                {...section(module, index)}
                manage
                reorderControls={controls}
                onMoveLesson={(from, to) => save(withLessonMoved(modules, module._id, from, to))}
              />
            )}
          </SortableRow>
        ))}
      </ol>
    </SortableList>
  );
}
