import { SESSION_MESSAGES as M } from "@lms/contract";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useDeleteSession } from "@/api/sessions";
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
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toastFailure, toastSuccess } from "./toasts";

/** Delete needs a confirmation (spec §4). */
export function DeleteSessionButton({ session }: { session: { _id: string; title: string } }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteSession();

  function confirm() {
    remove.mutate(session._id, {
      onSuccess: () => {
        setOpen(false);
        toastSuccess(M.deleted);
      },
      onError: (error) => toastFailure(error, M.deleteFailed),
    });
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete session?</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete “{session.title}”? Its recordings are deleted too. This action cannot be
            undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogConfirm variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending && <Spinner />}
            Delete Session
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
