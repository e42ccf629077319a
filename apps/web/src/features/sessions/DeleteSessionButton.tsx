import { SESSION_MESSAGES as M } from "@lms/contract";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useDeleteSession } from "@/api/sessions";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
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
    <>
      <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete session?"
        description={
          <>
            Are you sure you want to delete “{session.title}”? Its recordings are deleted too. This action cannot be
            undone.
          </>
        }
        confirmLabel="Delete Session"
        busy={remove.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
