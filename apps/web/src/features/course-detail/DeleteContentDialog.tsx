import { toast } from "sonner";
import { useDeleteContent } from "@/api/content";
import { messageOf } from "@/api/errors";
import type { CourseArea } from "@/auth/roles";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Spinner } from "@/components/ui/spinner";
import { COURSE_UI } from "@/lib/course-messages";
import { contentTarget, deleteCopy } from "./content/delete-copy";
import type { ContentDeleteTarget } from "./dialog-state";

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
    remove.mutate(contentTarget(target), {
      onSuccess: (message) => {
        toast.success(message ?? copy.success);
        onClose();
      },
      onError: (error) => toast.error(COURSE_UI.errorTitle, { description: messageOf(error, copy.failure) }),
    });

  return (
    <AlertDialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{copy.title}</AlertDialogTitle>
          <AlertDialogDescription>{copy.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogConfirm variant="destructive" onClick={confirm} disabled={busy}>
            {busy && <Spinner />}
            {copy.confirm}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
