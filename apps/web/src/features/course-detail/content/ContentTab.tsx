import type { CourseDetail } from "@lms/contract";
import { FolderPlus, Layers } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CourseArea } from "@/auth/roles";
import { EmptyState } from "@/components/EmptyState";
import { Button } from "@/components/ui/button";
import type { OpenDialog } from "../dialog-state";
import { ModuleSection } from "./ModuleSection";

interface ContentTabProps {
  course: CourseDetail;
  area: CourseArea | null;
  onOpen: OpenDialog;
}

/** Expandable modules with their lessons (spec §2 Content). */
export function ContentTab({ course, area, onOpen }: ContentTabProps) {
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
  return (
    <ol className="grid gap-4">
      {course.modules.map((module, index) => (
        <li key={module._id}>
          <ModuleSection
            courseId={course._id}
            module={module}
            position={index + 1}
            defaultOpen={index === 0}
            manage={area !== null}
            tracksProgress={course.progress !== null}
            onOpen={onOpen}
          />
        </li>
      ))}
    </ol>
  );
}
