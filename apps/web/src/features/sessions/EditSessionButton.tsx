import type { Session } from "@lms/contract";
import { useIsMutating } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { sessionKeys } from "@/api/sessions";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { EditSessionForm } from "./schedule/EditSessionForm";

/** Edit or move a session that is still to come; the learners hear of a new time (issue 21). */
export function EditSessionButton({ session }: { session: Session }) {
  const [open, setOpen] = useState(false);
  const busy = useIsMutating({ mutationKey: sessionKeys.update }) > 0;
  const { t } = useTranslation("sessions");
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Pencil aria-hidden="true" />
        {t("edit.button")}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>{t("edit.title")}</DialogTitle>
            <DialogDescription>{t("edit.description")}</DialogDescription>
          </DialogHeader>
          {open && (
            <EditSessionForm
              session={session}
              onSaved={() => setOpen(false)}
              cancel={
                <DialogClose asChild>
                  <Button variant="outline" disabled={busy}>
                    {t("schedule.cancel")}
                  </Button>
                </DialogClose>
              }
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
