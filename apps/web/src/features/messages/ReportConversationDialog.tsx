import { CONVERSATION_LIMITS } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { useReportConversation } from "@/api/conversations";
import { ReasonDialog } from "@/components/ReasonDialog";
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
  const report = useReportConversation(conversationId);
  if (!open) return null;
  return (
    <ReasonDialog
      title={t("report.title")}
      description={t("report.description")}
      reasonLabel={t("report.reason")}
      submitLabel={t("report.submit")}
      maxLength={CONVERSATION_LIMITS.reasonMax}
      required
      failureText={t("report.failed")}
      busy={report.isPending}
      send={async (reason) => {
        await report.mutateAsync(reason);
        toast.success(t("report.done"));
      }}
      onClose={() => onOpenChange(false)}
    />
  );
}
