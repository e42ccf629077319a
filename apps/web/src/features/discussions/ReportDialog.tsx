import { DISCUSSION_LIMITS } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { useReportPost } from "@/api/discussions";
import { ReasonDialog } from "@/components/ReasonDialog";
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
  const report = useReportPost(courseId, threadId);
  if (!open) return null;
  return (
    <ReasonDialog
      title={t("report.title")}
      description={t("report.description")}
      reasonLabel={t("report.reason")}
      submitLabel={t("report.submit")}
      maxLength={DISCUSSION_LIMITS.reasonMax}
      failureText={t("post.actionFailed")}
      busy={report.isPending}
      send={async (reason) => {
        await report.mutateAsync(postId ? { postId, reason } : { reason });
        toast.success(t("post.reported"));
      }}
      onClose={() => onOpenChange(false)}
    />
  );
}
