import { useDeleteContent } from "@/api/content";
import type { CourseArea } from "@/auth/roles";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { useFocusAfterDelete } from "@/lib/useFocusAfterDelete";
import { contentTarget, deleteCopy } from "./content/delete-copy";
import type { ContentDeleteTarget } from "./dialog-state";
import { mutationToasts } from "./mutation-toasts";

interface DeleteContentDialogProps {
  area: CourseArea;
  courseId: string;
  target: ContentDeleteTarget;
  /** The delete button that opened the dialog. */
  trigger: HTMLElement;
  onClose: () => void;
}

/** Confirms deleting a module, lesson or lesson file; stays open while the delete runs. */
export function DeleteContentDialog({ area, courseId, target, trigger, onClose }: DeleteContentDialogProps) {
  const remove = useDeleteContent(area, courseId);
  const focus = useFocusAfterDelete(() => trigger);
  const copy = deleteCopy(target);
  const busy = remove.isPending;

  const confirm = () =>
    remove.mutate(
      contentTarget(target),
      mutationToasts(focus.deleting(onClose), (message) => message ?? copy.success, copy.failure),
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
      onCloseAutoFocus={focus.onCloseAutoFocus}
    />
  );
}
