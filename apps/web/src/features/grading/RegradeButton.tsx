import { RefreshCcw } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { messageOf } from "@/api/errors";
import { useRegrade } from "@/api/grading";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";

/** Scores every attempt again against the current questions, after asking (it changes earned scores). */
export function RegradeButton({ courseId, assessmentId }: { courseId: string; assessmentId: string }) {
  const [open, setOpen] = useState(false);
  const regrade = useRegrade(courseId, assessmentId);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <RefreshCcw aria-hidden="true" />
        Regrade all attempts
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Regrade every attempt?"
        description="Automatically scored questions of every attempt are scored again against the questions as they are now. Grades given by hand are kept. Learners' scores may change."
        confirmLabel="Regrade"
        busy={regrade.isPending}
        onConfirm={() =>
          regrade.mutate(undefined, {
            onSuccess: ({ attempts, changed, message }) => {
              setOpen(false);
              toast.success(message ?? "Regraded", {
                description: `${attempts} attempts scored again; ${changed} scores changed.`,
              });
            },
            onError: (error) => {
              setOpen(false);
              toast.error("Regrade failed", { description: messageOf(error, "Please try again.") });
            },
          })
        }
      />
    </>
  );
}
