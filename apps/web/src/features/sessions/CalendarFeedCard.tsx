import { CalendarSync, Copy, ExternalLink, Link2Off, RefreshCw } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCalendarFeed, useRenewCalendarFeed, useRevokeCalendarFeed } from "@/api/calendar";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { toastFailure, toastSuccess } from "./toasts";

/**
 * The personal iCalendar feed: subscribe once and every session of the user's courses stays in
 * step in their calendar app. The link is private, so it is shown only when asked for.
 */
export function CalendarFeedCard() {
  const [shown, setShown] = useState(false);
  const feed = useCalendarFeed(shown);
  const renew = useRenewCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const field = useRef<HTMLInputElement>(null);
  const busy = renew.isPending || revoke.isPending;
  const { t } = useTranslation(["sessions", "messages"]);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("feed.copied"), { description: t("feed.copiedDetail") });
    } catch {
      field.current?.select();
      toast.info(t("feed.copyManually"), { description: t("feed.copyManuallyDetail") });
    }
  }

  let body: ReactNode;
  if (!shown) {
    body = (
      <Button variant="outline" onClick={() => setShown(true)}>
        <CalendarSync aria-hidden="true" />
        {t("feed.show")}
      </Button>
    );
  } else if (feed.isPending) {
    body = <Spinner label={t("feed.loading")} />;
  } else if (feed.isError) {
    body = <ErrorState title={t("feed.loadFailed")} onRetry={() => feed.refetch()} />;
  } else {
    body = (
      <div className="grid gap-3">
        <div className="grid gap-2">
          <Label htmlFor="calendar-feed-url">{t("feed.label")}</Label>
          <div className="flex gap-2">
            <Input
              ref={field}
              id="calendar-feed-url"
              readOnly
              value={feed.data.feedUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs sm:text-xs"
            />
            <Button variant="outline" size="icon" aria-label={t("feed.copy")} onClick={() => copy(feed.data.feedUrl)}>
              <Copy aria-hidden="true" />
            </Button>
          </div>
          <p className="text-muted-foreground text-xs">{t("feed.private")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline">
            <a href={feed.data.webcalUrl}>
              <ExternalLink aria-hidden="true" />
              {t("feed.open")}
            </a>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              renew.mutate(undefined, {
                onSuccess: () => toastSuccess(t("feed.renewed")),
                onError: (error) => toastFailure(error, t("feed.renewFailed")),
              })
            }
          >
            {renew.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {t("feed.renew")}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive"
            disabled={busy}
            onClick={() =>
              revoke.mutate(undefined, {
                onSuccess: (message) => {
                  setShown(false);
                  toastSuccess(message ?? t("messages:SESSION_MESSAGES.calendarFeedRevoked"));
                },
                onError: (error) => toastFailure(error, t("feed.revokeFailed")),
              })
            }
          >
            {revoke.isPending ? <Spinner /> : <Link2Off aria-hidden="true" />}
            {t("feed.revoke")}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <CalendarSync aria-hidden="true" className="size-4 text-primary" />
          {t("feed.title")}
        </CardTitle>
        <CardDescription>{t("feed.description")}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
