import type { SentNotification } from "@lms/contract";
import { History } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotificationHistory } from "@/api/notifications";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/datetime";
import { audienceText } from "./audience-text";

const PAGE_SIZE = 10;

/** Sent notifications, newest first: who sent what to whom, read and e-mail figures. */
export function SentHistory() {
  const [page, setPage] = useState(1);
  const history = useNotificationHistory(page, PAGE_SIZE);
  const { t } = useTranslation("notifications");
  if (history.isError && !history.data) {
    return <ErrorState title={t("history.loadFailed")} onRetry={() => void history.refetch()} />;
  }
  if (!history.data) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">{t("history.loading")}</span>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  const { notifications, pagination } = history.data;
  if (notifications.length === 0) {
    return <EmptyState icon={History} title={t("history.empty")} description={t("history.emptyHint")} />;
  }
  return (
    <div className="grid gap-4">
      <ul aria-label={t("history.label")} className="grid gap-3">
        {notifications.map((item) => (
          <SentItem key={item._id} item={item} />
        ))}
      </ul>
      <Pagination page={page} pages={pagination.pages} onPage={setPage} label={t("history.pages")} />
    </div>
  );
}

function SentItem({ item }: { item: SentNotification }) {
  const inApp = item.channels.includes("in-app");
  const email = item.channels.includes("email");
  const { t } = useTranslation("notifications");
  return (
    <li className="grid gap-2 rounded-lg border p-4" data-testid="sent-notification">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold">{item.title}</h3>
        <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
          {formatDateTime(item.createdAt)}
        </time>
      </div>
      <p className="line-clamp-2 whitespace-pre-line break-words text-sm text-muted-foreground">{item.message}</p>
      <div className="flex flex-wrap gap-2 text-xs">
        <Badge variant="secondary">{audienceText(item)}</Badge>
        {item.channels.map((channel) => (
          <Badge key={channel} variant="outline">
            {channel === "in-app" ? t("history.inApp") : t("history.email")}
          </Badge>
        ))}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <Figure label={t("history.sentBy")} value={item.sender?.name ?? t("history.deletedUser")} />
        <Figure label={t("history.recipients")} value={item.recipients} />
        {inApp && (
          <Figure
            label={t("history.read")}
            value={t("history.readOf", { read: item.readCount, total: item.recipients })}
          />
        )}
        {email && (
          <Figure
            label={t("history.emails")}
            value={`${t("history.emailFigures", item.email)}${
              item.email.skipped ? `, ${t("history.notWanted", { skipped: item.email.skipped })}` : ""
            }`}
          />
        )}
      </dl>
    </li>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="grid">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
