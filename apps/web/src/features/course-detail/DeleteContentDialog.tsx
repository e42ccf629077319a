import { useDeleteContent } from "@/api/content";
import type { CourseArea } from "@/auth/roles";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { contentTarget, deleteCopy } from "./content/delete-copy";
import type { ContentDeleteTarget } from "./dialog-state";
import { mutationToasts } from "./mutation-toasts";

interface DeleteContentDialogProps {
  area: CourseArea;
  courseId: string;
  target: ContentDeleteTarget;
  onClose: () => void;
}

/** Confirms deleting a module, lesson or lesson file; stays open while the delete runs. */
export function DeleteContentDialog({ area, courseId, target, onClose }: DeleteContentDialogProps) {
  const remove = useDeleteContent(area, courseId);
  const copy = deleteCopy(target);
  const busy = remove.isPending;

  const confirm = () =>
    remove.mutate(
      contentTarget(target),
      mutationToasts(onClose, (message) => message ?? copy.success, copy.failure),
    );

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={copy.title}
      description={copy.description}
      confirmLabel={copy.confirm}
      busy={busy}
      onConfirm={confirm}
    />
  );
}
