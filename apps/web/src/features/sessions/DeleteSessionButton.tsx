import { SESSION_MESSAGES as M } from "@lms/contract";
import { Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useDeleteSession } from "@/api/sessions";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { deleteTrigger, useFocusAfterDelete } from "@/lib/useFocusAfterDelete";
import { toastFailure, toastSuccess } from "./toasts";

/** Delete needs a confirmation (spec §4). */
export function DeleteSessionButton({ session }: { session: { _id: string; title: string } }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteSession();
  const button = useRef<HTMLButtonElement>(null);
  const focus = useFocusAfterDelete(() => button.current);

  function confirm() {
    const done = focus.deleting(() => setOpen(false));
    remove.mutate(session._id, {
      onSuccess: () => {
        done();
        toastSuccess(M.deleted);
      },
      onError: (error) => toastFailure(error, M.deleteFailed),
    });
  }

  return (
    <>
      <Button
        ref={button}
        {...deleteTrigger("sessions")}
        size="sm"
        variant="ghost"
        className="text-destructive"
        onClick={() => setOpen(true)}
      >
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
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </>
  );
}
