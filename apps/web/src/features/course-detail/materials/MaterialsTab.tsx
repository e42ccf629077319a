import type { CourseDetail } from "@lms/contract";
import { FileText, Upload } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CourseArea } from "@/auth/roles";
import { EmptyState } from "@/components/EmptyState";
import { MaterialRow } from "@/components/material/MaterialRow";
import { Button } from "@/components/ui/button";
import type { OpenDialog } from "../dialog-state";
import { MaterialActions } from "./MaterialActions";

interface MaterialsTabProps {
  course: CourseDetail;
  /** The api area of a course manager; null for everyone else (no manage controls). */
  area: CourseArea | null;
  onOpen: OpenDialog;
}

export function MaterialsTab({ course, area, onOpen }: MaterialsTabProps) {
  const { t } = useTranslation("course-detail");
  if (course.materials.length === 0) {
    return (
      <EmptyState
        icon={FileText}
        title={t("materials.empty")}
        description={area ? t("materials.emptyHint") : undefined}
        action={
          area && (
            <Button onClick={() => onOpen({ type: "create", kind: "material" })}>
              <Upload aria-hidden="true" />
              {t("actions.uploadMaterial")}
            </Button>
          )
        }
      />
    );
  }
  return (
    <ul aria-label={t("tabs.materials")} className="grid gap-3">
      {course.materials.map((material) => (
        <li key={material._id}>
          <MaterialRow
            material={material}
            actions={area && <MaterialActions area={area} courseId={course._id} material={material} />}
          />
        </li>
      ))}
    </ul>
  );
}
