import { RefreshCcw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { useRegrade } from "@/api/grading";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";

/** Scores every attempt again against the current questions, after asking (it changes earned scores). */
export function RegradeButton({ courseId, assessmentId }: { courseId: string; assessmentId: string }) {
  const [open, setOpen] = useState(false);
  const regrade = useRegrade(courseId, assessmentId);
  const { t } = useTranslation("grading");
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <RefreshCcw aria-hidden="true" />
        {t("regrade.button")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("regrade.title")}
        description={t("regrade.description")}
        confirmLabel={t("regrade.confirm")}
        busy={regrade.isPending}
        onConfirm={() =>
          regrade.mutate(undefined, {
            onSuccess: ({ attempts, changed, message }) => {
              setOpen(false);
              toast.success(message ?? t("regrade.done"), {
                description: t("regrade.summary", { attempts, changed }),
              });
            },
            onError: (error) => {
              setOpen(false);
              toast.error(t("regrade.failed"), { description: messageOf(error, t("tryAgain")) });
            },
          })
        }
      />
    </>
  );
}
