import { useIsMutating } from "@tanstack/react-query";
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
import { ScheduleSessionForm } from "./ScheduleSessionForm";

interface ScheduleSessionDialogProps {
  courseId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Spec §2 "Schedule-sessions dialog"; it stays open while the session is being scheduled. */
export function ScheduleSessionDialog({ courseId, open, onOpenChange }: ScheduleSessionDialogProps) {
  const busy = useIsMutating({ mutationKey: sessionKeys.schedule }) > 0;
  const { t } = useTranslation("sessions");
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-w-6xl">
        <DialogHeader>
          <DialogTitle>{t("schedule.title")}</DialogTitle>
          <DialogDescription>{t("schedule.description")}</DialogDescription>
        </DialogHeader>
        <ScheduleSessionForm
          courseId={courseId}
          onScheduled={() => onOpenChange(false)}
          cancel={
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                {t("schedule.cancel")}
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
