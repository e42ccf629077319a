import { SESSION_MESSAGES as M } from "@lms/contract";
import { CalendarSync, Copy, ExternalLink, Link2Off, RefreshCw } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { toast } from "sonner";
import { useCalendarFeed, useRenewCalendarFeed, useRevokeCalendarFeed } from "@/api/calendar";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toastFailure, toastSuccess } from "./toasts";

const FEED_FAILED = "Failed to load your calendar link. Please try again.";
const RENEW_FAILED = "Failed to create a new calendar link. Please try again.";
const REVOKE_FAILED = "Failed to revoke the calendar link. Please try again.";
const RENEWED = "New calendar link created. The old link no longer works.";

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

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Copied", { description: "Calendar link copied to the clipboard." });
    } catch {
      field.current?.select();
      toast.info("Copy the link", { description: "The link is selected: press Ctrl+C (or ⌘C) to copy it." });
    }
  }

  let body: ReactNode;
  if (!shown) {
    body = (
      <Button variant="outline" onClick={() => setShown(true)}>
        <CalendarSync aria-hidden="true" />
        Show my calendar link
      </Button>
    );
  } else if (feed.isPending) {
    body = <Spinner label="Loading your calendar link" />;
  } else if (feed.isError) {
    body = <ErrorState title={FEED_FAILED} onRetry={() => feed.refetch()} />;
  } else {
    body = (
      <div className="grid gap-3">
        <div className="grid gap-2">
          <Label htmlFor="calendar-feed-url">Your private calendar link</Label>
          <div className="flex gap-2">
            <Input
              ref={field}
              id="calendar-feed-url"
              readOnly
              value={feed.data.feedUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs sm:text-xs"
            />
            <Button
              variant="outline"
              size="icon"
              aria-label="Copy calendar link"
              onClick={() => copy(feed.data.feedUrl)}
            >
              <Copy aria-hidden="true" />
            </Button>
          </div>
          <p className="text-muted-foreground text-xs">Keep it private: anyone with this link can see your sessions.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline">
            <a href={feed.data.webcalUrl}>
              <ExternalLink aria-hidden="true" />
              Open in calendar app
            </a>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              renew.mutate(undefined, {
                onSuccess: () => toastSuccess(RENEWED),
                onError: (error) => toastFailure(error, RENEW_FAILED),
              })
            }
          >
            {renew.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            New link
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
                  toastSuccess(message ?? M.calendarFeedRevoked);
                },
                onError: (error) => toastFailure(error, REVOKE_FAILED),
              })
            }
          >
            {revoke.isPending ? <Spinner /> : <Link2Off aria-hidden="true" />}
            Revoke link
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
          Calendar sync
        </CardTitle>
        <CardDescription>
          Subscribe to your live sessions in Google Calendar, Outlook or Apple Calendar. Moved and cancelled sessions
          update by themselves.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
