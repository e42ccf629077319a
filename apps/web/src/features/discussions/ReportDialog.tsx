import { DISCUSSION_LIMITS } from "@lms/contract";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useReportPost } from "@/api/discussions";
import { messageOf } from "@/api/errors";
import { FormActions } from "@/components/FormActions";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";

/** Reports a post to the course's teachers, with an optional reason. */
export function ReportDialog({
  courseId,
  threadId,
  postId,
  open,
  onOpenChange,
}: {
  courseId: string;
  threadId: string;
  postId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("discussions");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const report = useReportPost(courseId, threadId);
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
            report.mutate(postId ? { postId, reason } : { reason }, {
              onSuccess: () => {
                onOpenChange(false);
                setReason("");
                toast.success(t("post.reported"));
              },
              onError: (failure) => setError(messageOf(failure, t("post.actionFailed"))),
            });
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={reasonId}>{t("report.reason")}</Label>
            <Textarea
              id={reasonId}
              value={reason}
              maxLength={DISCUSSION_LIMITS.reasonMax}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          <DialogFooter>
            <FormActions
              busy={report.isPending}
              onCancel={() => onOpenChange(false)}
              submitLabel={t("report.submit")}
            />
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
