import { ArrowLeft, ShieldAlert } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useReportedConversation } from "@/api/conversations";
import { messageOf } from "@/api/errors";
import { ErrorState } from "@/components/ErrorState";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { MessageThread } from "./MessageThread";
import { ReportList } from "./ReportedConversationsPage";

/** /admin/messages/:conversationId: an admin reads a reported conversation; the read is logged. */
export function ReportedConversationPage() {
  const { t } = useTranslation("inbox");
  const { conversationId = "" } = useParams();
  const read = useReportedConversation(conversationId);
  const headingId = useId();
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("admin.title")} />
      <Button variant="ghost" size="sm" className="justify-self-start" asChild>
        <Link to="/admin/messages">
          <ArrowLeft aria-hidden="true" />
          {t("admin.back")}
        </Link>
      </Button>
      <h1 className="sr-only">{t("admin.title")}</h1>
      <p className="flex items-start gap-2 rounded-md border border-dashed p-3 text-sm">
        <ShieldAlert aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        {t("admin.logged")}
      </p>
      {read.isPending ? (
        <div className="grid gap-3" role="status" aria-label={t("conversation.loading")}>
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : read.isError ? (
        <ErrorState
          title={t("conversation.loadFailed")}
          description={messageOf(read.error, t("conversation.loadFailed"))}
          onRetry={() => void read.refetch()}
        />
      ) : (
        <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
          <MessageThread conversation={read.data.conversation} headingId={headingId} />
          <h3 className="font-medium">{t("admin.reports")}</h3>
          <ReportList reports={read.data.reports} />
        </section>
      )}
    </div>
  );
}
