import { useIsMutating } from "@tanstack/react-query";
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
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-w-6xl">
        <DialogHeader>
          <DialogTitle>Schedule Session</DialogTitle>
          <DialogDescription>
            Fill in the details, or pick a free half-hour slot in the calendar to set the date and time.
          </DialogDescription>
        </DialogHeader>
        <ScheduleSessionForm
          courseId={courseId}
          onScheduled={() => onOpenChange(false)}
          cancel={
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
