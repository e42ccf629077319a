import type { AppNotification } from "@lms/contract";
import { Bell, BellOff, CheckCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from "@/api/notifications";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/datetime";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";

/** The nav bar's bell: the unread count, live (polled while the live stream is down), and a list to read and mark. */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const inbox = useNotifications(true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = inbox.data?.unreadCount ?? 0;
  const onFailure = (error: unknown) =>
    toast.error(t("notifications.updateFailed"), { description: failureText(error, t("notifications.tryAgain")) });

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? t("notifications.bellUnread", { count: unread }) : t("notifications.title")}
        >
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="unread-count"
              className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-destructive px-1 text-[0.7rem] font-semibold text-destructive-foreground"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(24rem,calc(100vw-1rem))]" aria-label={t("notifications.title")}>
        <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
          <h2 className="font-semibold">{t("notifications.title")}</h2>
          <Button
            variant="ghost"
            size="sm"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onError: onFailure })}
          >
            <CheckCheck aria-hidden="true" />
            {t("notifications.markAllRead")}
          </Button>
        </div>
        <div className="max-h-[min(28rem,70vh)] overflow-y-auto">
          {inbox.isPending ? (
            <div className="grid gap-3 p-4" role="status">
              <span className="sr-only">{t("notifications.loading")}</span>
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : inbox.isError ? (
            <div role="alert" className="grid justify-items-center gap-2 p-6 text-center text-sm">
              <p>{t("notifications.loadFailed")}</p>
              <Button variant="outline" size="sm" onClick={() => inbox.refetch()}>
                {t("actions.tryAgain")}
              </Button>
            </div>
          ) : inbox.data.notifications.length === 0 ? (
            <div className="grid justify-items-center gap-2 p-6 text-center text-sm text-muted-foreground">
              <BellOff aria-hidden="true" className="size-6" />
              <p>{t("notifications.empty")}</p>
            </div>
          ) : (
            <ul className="divide-y">
              {inbox.data.notifications.map((item) => (
                <NotificationItem
                  key={item._id}
                  item={item}
                  busy={markRead.isPending && markRead.variables === item._id}
                  onRead={() => markRead.mutate(item._id, { onError: onFailure })}
                  onOpenLink={() => setOpen(false)}
                />
              ))}
            </ul>
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}

function NotificationItem({
  item,
  busy,
  onRead,
  onOpenLink,
}: {
  item: AppNotification;
  busy: boolean;
  onRead: () => void;
  onOpenLink: () => void;
}) {
  const { t } = useTranslation();
  const unread = item.readAt === null;
  const follow = () => {
    if (unread) onRead();
    onOpenLink();
  };
  return (
    <li className={cn("grid gap-1 px-4 py-3", unread && "bg-accent/40")} data-testid="notification">
      <div className="flex items-start gap-2">
        {unread && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />}
        <p className={cn("min-w-0 flex-1 break-words text-sm", unread ? "font-semibold" : "font-medium")}>
          {item.link ? (
            <Link to={item.link} onClick={follow} className="hover:underline focus-visible:underline">
              {item.title}
            </Link>
          ) : (
            item.title
          )}
          {unread && <span className="sr-only"> {t("notifications.unread")}</span>}
        </p>
      </div>
      <p className="whitespace-pre-line break-words text-sm text-muted-foreground">{item.message}</p>
      <div className="flex items-center justify-between gap-2">
        <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
          {formatDateTime(item.createdAt)}
        </time>
        {unread && (
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0"
            aria-label={t("notifications.markReadOf", { title: item.title })}
            disabled={busy}
            onClick={onRead}
          >
            {t("notifications.markRead")}
          </Button>
        )}
      </div>
    </li>
  );
}
