import { CONVERSATION_LIMITS } from "@lms/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useReportConversation } from "@/api/conversations";
import { messageOf } from "@/api/errors";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";

/** Reports the conversation to the administrators, with a reason; they may then read it. */
export function ReportConversationDialog({
  conversationId,
  open,
  onOpenChange,
}: {
  conversationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("inbox");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const report = useReportConversation(conversationId);
  const reasonId = useId();
  return (
    <Dialog open={open} onOpenChange={(next) => !report.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("report.title")}</DialogTitle>
          <DialogDescription>{t("report.description")}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            report.mutate(reason, {
              onSuccess: () => {
                onOpenChange(false);
                setReason("");
                toast.success(t("report.done"));
              },
              onError: (failure) => setError(messageOf(failure, t("report.failed"))),
            });
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={reasonId}>{t("report.reason")}</Label>
            <Textarea
              id={reasonId}
              value={reason}
              required
              maxLength={CONVERSATION_LIMITS.reasonMax}
              aria-invalid={error !== null}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={report.isPending} onClick={() => onOpenChange(false)}>
              {t("actions.cancel")}
            </Button>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending && <Spinner />}
              {t("report.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
