import { type Material, MESSAGES } from "@lms/contract";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { useDeleteMaterial } from "@/api/materials";
import type { CourseArea } from "@/auth/roles";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteButton } from "../ConfirmDeleteButton";
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
  const [editing, setEditing] = useState(false);
  const remove = useDeleteMaterial(area, courseId);

  const confirmDelete = (done: () => void) =>
    remove.mutate(
      material._id,
      mutationToasts(done, (message) => message ?? MESSAGES.materialDeleted, DELETE_FAILED),
    );

  return (
    <div className="flex items-center gap-1">
      <Button variant="ghost" size="sm" aria-label={`Edit material ${material.title}`} onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Edit</span>
      </Button>
      <ConfirmDeleteButton
        noun="Material"
        itemTitle={material.title}
        focusGroup={FOCUS_GROUPS.materials}
        consequence={material.type === "link" ? undefined : "Its file is deleted too."}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
      {editing && (
        <EditMaterialDialog area={area} courseId={courseId} material={material} onClose={() => setEditing(false)} />
      )}
    </div>
  );
}
