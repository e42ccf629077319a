import { CalendarPlus, CalendarX2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMySessions } from "@/api/sessions";
import { useAuth } from "@/auth/auth-context";
import { isAdmin } from "@/auth/roles";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { orderSessions } from "./order";
import { SessionItem } from "./SessionItem";

/** Sessions that ended this recently still show, so a forgotten recording upload is easy to find. */
const RECENT_MS = 7 * 24 * 3600 * 1000;

/** /instructor/sessions: the live, coming and recent sessions of every course the user teaches (all for admins). */
export function InstructorSessionsPage() {
  const { user } = useAuth();
  const [from] = useState(() => new Date(Date.now() - RECENT_MS).toISOString());
  const sessions = useMySessions(from);
  const { t } = useTranslation(["sessions", "messages"]);
  if (!user) return null;
  const manages = (instructorId: string | undefined) => isAdmin(user.role) || instructorId === user._id;

  let body: ReactNode;
  if (sessions.isPending) {
    body = (
      <div role="status" aria-label={t("list.loading")} className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 w-full rounded-xl" />
        ))}
      </div>
    );
  } else if (sessions.isError) {
    body = <ErrorState title={t("messages:SESSION_MESSAGES.loadFailed")} onRetry={() => sessions.refetch()} />;
  } else if (sessions.data.sessions.length === 0) {
    body = <EmptyState icon={CalendarX2} title={t("instructor.empty")} description={t("instructor.emptyHint")} />;
  } else {
    const { sessions: list, pagination } = sessions.data;
    body = (
      <>
        <ul aria-label={t("list.label")} className="grid gap-3">
          {orderSessions(list).map((session) => (
            <SessionItem key={session._id} session={session} canManage={manages(session.instructor?._id)} showCourse />
          ))}
        </ul>
        {pagination.total > list.length && (
          <p className="text-muted-foreground text-sm">
            {t("instructor.showing", { shown: list.length, count: pagination.total })}
          </p>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("instructor.title")} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("instructor.title")}</h1>
          <p className="mt-1 text-muted-foreground">{t("instructor.subtitle")}</p>
        </div>
        <Button asChild>
          <Link to="/instructor/sessions/new">
            <CalendarPlus aria-hidden="true" />
            {t("schedule.title")}
          </Link>
        </Button>
      </header>
      {body}
    </div>
  );
}
