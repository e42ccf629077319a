import type { Material } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { useDeleteMaterial } from "@/api/materials";
import type { CourseArea } from "@/auth/roles";
import { EditDeleteActions } from "../EditDeleteActions";
import { FOCUS_GROUPS } from "../focus-groups";
import { mutationToasts } from "../mutation-toasts";
import { EditMaterialDialog } from "./EditMaterialDialog";

interface MaterialActionsProps {
  area: CourseArea;
  courseId: string;
  material: Material;
}

/** A course manager's Edit and Delete buttons for one material. */
export function MaterialActions({ area, courseId, material }: MaterialActionsProps) {
  const { t } = useTranslation("course-detail");
  const remove = useDeleteMaterial(area, courseId);
  return (
    <EditDeleteActions
      noun="material"
      itemTitle={material.title}
      focusGroup={FOCUS_GROUPS.materials}
      consequence={material.type === "link" ? undefined : t("materials.fileDeletedToo")}
      deleting={remove.isPending}
      onDelete={(done) =>
        remove.mutate(
          material._id,
          mutationToasts(
            done,
            (message) => message ?? t("MESSAGES.materialDeleted", { ns: "messages" }),
            t("materials.deleteFailed"),
          ),
        )
      }
      editDialog={(close) => <EditMaterialDialog area={area} courseId={courseId} material={material} onClose={close} />}
    />
  );
}
