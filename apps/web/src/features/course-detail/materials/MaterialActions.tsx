import { type Material, MESSAGES } from "@lms/contract";
import { useDeleteMaterial } from "@/api/materials";
import type { CourseArea } from "@/auth/roles";
import { EditDeleteActions } from "../EditDeleteActions";
import { FOCUS_GROUPS } from "../focus-groups";
import { mutationToasts } from "../mutation-toasts";
import { EditMaterialDialog } from "./EditMaterialDialog";

const DELETE_FAILED = "Failed to delete the material. Please try again.";

interface MaterialActionsProps {
  area: CourseArea;
  courseId: string;
  material: Material;
}

/** A course manager's Edit and Delete buttons for one material. */
export function MaterialActions({ area, courseId, material }: MaterialActionsProps) {
  const remove = useDeleteMaterial(area, courseId);
  return (
    <EditDeleteActions
      noun="Material"
      itemTitle={material.title}
      focusGroup={FOCUS_GROUPS.materials}
      consequence={material.type === "link" ? undefined : "Its file is deleted too."}
      deleting={remove.isPending}
      onDelete={(done) =>
        remove.mutate(
          material._id,
          mutationToasts(done, (message) => message ?? MESSAGES.materialDeleted, DELETE_FAILED),
        )
      }
      editDialog={(close) => <EditMaterialDialog area={area} courseId={courseId} material={material} onClose={close} />}
    />
  );
}
