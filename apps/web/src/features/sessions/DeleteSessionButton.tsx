import { Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteSession } from "@/api/sessions";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { deleteTrigger, useFocusAfterDelete } from "@/lib/useFocusAfterDelete";
import { toastFailure, toastSuccess } from "./toasts";

/** Delete needs a confirmation (spec §4). */
export function DeleteSessionButton({ session }: { session: { _id: string; title: string } }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteSession();
  const { t } = useTranslation(["sessions", "messages"]);
  const button = useRef<HTMLButtonElement>(null);
  const focus = useFocusAfterDelete(() => button.current);

  function confirm() {
    const done = focus.deleting(() => setOpen(false));
    remove.mutate(session._id, {
      onSuccess: () => {
        done();
        toastSuccess(t("messages:SESSION_MESSAGES.deleted"));
      },
      onError: (error) => toastFailure(error, t("messages:SESSION_MESSAGES.deleteFailed")),
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
        aria-label={t("delete.buttonLabel", { title: session.title })}
      >
        <Trash2 aria-hidden="true" />
        {t("delete.button")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("delete.title")}
        description={t("delete.description", { title: session.title })}
        confirmLabel={t("delete.confirm")}
        busy={remove.isPending}
        onConfirm={confirm}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </>
  );
}
