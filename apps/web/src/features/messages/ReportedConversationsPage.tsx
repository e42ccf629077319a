import { Flag } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useReportedConversations } from "@/api/conversations";
import { messageOf } from "@/api/errors";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageTitle } from "@/components/PageMeta";
import { Pagination } from "@/components/Pagination";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/datetime";

/** /admin/messages: the conversations participants reported, most recently reported first. */
export function ReportedConversationsPage() {
  const { t } = useTranslation("inbox");
  const [page, setPage] = useState(1);
  const list = useReportedConversations(page);
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("admin.title")} />
      <div className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("admin.title")}</h1>
        <p className="text-muted-foreground text-sm">{t("admin.description")}</p>
      </div>
      {list.isPending ? (
        <div className="grid gap-2" role="status" aria-label={t("admin.loading")}>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : list.isError ? (
        <ErrorState
          title={t("admin.loadFailed")}
          description={messageOf(list.error, t("admin.loadFailed"))}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.conversations.length === 0 ? (
        <EmptyState icon={Flag} title={t("admin.empty")} />
      ) : (
        <>
          <ul className="grid gap-3">
            {list.data.conversations.map((conversation) => (
              <li key={conversation._id} className="grid gap-2 rounded-lg border bg-card p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="grid min-w-0 gap-1">
                    <h2 className="break-words font-semibold">{conversation.subject}</h2>
                    <p className="text-muted-foreground text-sm">
                      {conversation.courseTitle} ·{" "}
                      {t("admin.between", { names: conversation.participants.map((p) => p.name).join(", ") })}
                    </p>
                  </div>
                  <Button size="sm" asChild>
                    <Link
                      to={`/admin/messages/${conversation._id}`}
                      aria-label={t("admin.openOf", { subject: conversation.subject })}
                    >
                      {t("admin.open")}
                    </Link>
                  </Button>
                </div>
                <ReportList reports={conversation.reports} />
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={list.data.pagination.pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}

export function ReportList({
  reports,
}: {
  reports: { reporter: { name: string }; reason: string; createdAt: string }[];
}) {
  const { t } = useTranslation("inbox");
  return (
    <ul className="grid gap-1 text-sm" aria-label={t("admin.reports")}>
      {reports.map((report) => (
        <li key={`${report.reporter.name}-${report.createdAt}`} className="break-words">
          {t("admin.reportedBy", { name: report.reporter.name, reason: report.reason })}{" "}
          <time dateTime={report.createdAt} className="text-muted-foreground text-xs">
            {formatDateTime(report.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}
