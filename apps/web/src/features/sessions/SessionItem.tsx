import type { Session } from "@lms/contract";
import type { TFunction } from "i18next";
import { CalendarDays, Clock, MapPin, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "@/lib/datetime";
import { EndedAt } from "./EndedAt";
import { sessionTypeLabel } from "./format";
import { SessionActions } from "./SessionActions";
import { StatusBadge } from "./StatusBadge";
import { sessionStatusBadge } from "./status";
import { SESSION_TYPE_ICONS } from "./type-icons";

function participantsText(session: Session, t: TFunction<"sessions">): string {
  return session.maxParticipants === null
    ? t("item.joined", { count: session.participants })
    : t("item.joinedOf", { count: session.participants, max: session.maxParticipants });
}

interface SessionItemProps {
  session: Session;
  canManage: boolean;
  /** Lists that mix courses name the session's course. */
  showCourse?: boolean;
}

/** One session: title, description, scheduled time, duration in minutes, status and type, then its actions. */
export function SessionItem({ session, canManage, showCourse = false }: SessionItemProps) {
  const Icon = SESSION_TYPE_ICONS[session.type];
  const headingId = `session-${session._id}`;
  const { t } = useTranslation("sessions");
  return (
    <li aria-labelledby={headingId} className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs sm:p-5">
      <div className="flex items-start gap-3">
        <span className="hidden rounded-lg bg-primary/10 p-2 text-primary sm:block">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={headingId} className="min-w-0 break-words font-semibold">
              {session.title}
            </h3>
            <StatusBadge {...sessionStatusBadge(session.displayStatus)} />
          </div>
          {showCourse && (
            <Link
              to={`/courses/${session.courseId}`}
              className="w-fit text-primary text-sm underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
            >
              {session.courseTitle}
            </Link>
          )}
          {session.description && (
            <p className="line-clamp-3 whitespace-pre-line break-words text-muted-foreground text-sm">
              {session.description}
            </p>
          )}
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-sm">
            <li className="flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
              {session.displayStatus === "ended" ? (
                <EndedAt endedAt={session.endedAt ?? session.endTime} />
              ) : (
                <time dateTime={session.scheduledAt}>{formatDateTime(session.scheduledAt)}</time>
              )}
            </li>
            <li className="flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              {t("item.minutes", { count: session.duration })}
            </li>
            <li className="flex items-center gap-1.5">
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {sessionTypeLabel(session.type)}
            </li>
            <li className="flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              {session.location === "live" ? t("item.online") : t("item.inPerson")}
            </li>
            {canManage && (
              <li className="flex items-center gap-1.5">
                <Users aria-hidden="true" className="size-4 shrink-0" />
                {participantsText(session, t)}
              </li>
            )}
          </ul>
        </div>
      </div>
      <div className="sm:pl-12">
        <SessionActions session={session} canManage={canManage} />
      </div>
    </li>
  );
}
