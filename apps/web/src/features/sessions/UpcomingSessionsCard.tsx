import { CalendarClock, CalendarPlus, Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useInstructorUpcomingSessions } from "@/api/sessions";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/datetime";
import { sessionTypeLabel } from "./format";
import { SESSION_TYPE_ICONS } from "./type-icons";

/** The instructor dashboard's upcoming sessions: the first 5 scheduled, with View All (spec §2). */
export function UpcomingSessionsCard() {
  const query = useInstructorUpcomingSessions();
  const { t } = useTranslation("sessions");
  return (
    <section aria-labelledby="upcoming-sessions-title" className="flex">
      <Card className="flex flex-1 flex-col">
        <CardHeader className="flex-row items-center justify-between gap-2">
          <CardTitle id="upcoming-sessions-title" className="text-lg">
            {t("upcoming.title")}
          </CardTitle>
          <Button asChild size="sm" variant="ghost">
            <Link to="/instructor/sessions">{t("upcoming.viewAll")}</Link>
          </Button>
        </CardHeader>
        <CardContent className="flex-1">
          {query.isPending ? (
            <div role="status" aria-label={t("upcoming.loading")} className="grid gap-3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-14 w-full" />
              ))}
            </div>
          ) : query.isError ? (
            <ErrorState title={t("upcoming.loadFailed")} onRetry={() => query.refetch()} />
          ) : query.data.sessions.length === 0 ? (
            <EmptyState
              icon={CalendarClock}
              title={t("upcoming.empty")}
              action={
                <Button asChild size="sm">
                  <Link to="/instructor/sessions/new">
                    <CalendarPlus aria-hidden="true" />
                    {t("schedule.title")}
                  </Link>
                </Button>
              }
            />
          ) : (
            <ul className="divide-y">
              {query.data.sessions.map((session) => {
                const Icon = SESSION_TYPE_ICONS[session.type];
                return (
                  <li key={session._id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                    <span className="rounded-lg bg-primary/10 p-2 text-primary">
                      <Icon aria-hidden="true" className="size-4" />
                    </span>
                    <div className="grid min-w-0 flex-1 gap-0.5">
                      <Link
                        to={`/courses/${session.courseId}`}
                        className="break-words font-medium hover:underline focus-visible:underline focus-visible:outline-none"
                      >
                        {session.title}
                      </Link>
                      <p className="truncate text-muted-foreground text-xs">
                        {session.courseTitle} · {sessionTypeLabel(session.type)}
                      </p>
                      <p className="flex flex-wrap items-center gap-x-3 text-muted-foreground text-sm">
                        <time dateTime={session.scheduledAt}>{formatDateTime(session.scheduledAt)}</time>
                        <span className="flex items-center gap-1">
                          <Clock aria-hidden="true" className="size-3.5" />
                          {t("item.minutes", { count: session.duration })}
                        </span>
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
