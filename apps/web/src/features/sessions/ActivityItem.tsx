import type { LearningActivity } from "@lms/contract";
import { CalendarDays, Clock, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDay, formatTime } from "@/lib/datetime";
import { AddToCalendarButton } from "./AddToCalendarButton";
import { EndedAt } from "./EndedAt";
import { JoinSessionButton } from "./MeetingButtons";
import { StatusBadge } from "./StatusBadge";
import { activityStatusBadge } from "./status";
import { ACTIVITY_TYPE_ICONS, SESSION_TYPE_ICONS, UNKNOWN_TYPE_ICON } from "./type-icons";
import { WatchRecordingButton } from "./WatchRecordingButton";

/** One learning activity (a session, or a quiz or assignment due): type icon, title, date, time, instructor, status, and Watch when recorded. */
export function ActivityItem({ activity }: { activity: LearningActivity }) {
  const { t } = useTranslation("sessions");
  const Icon =
    (activity.sessionType ? SESSION_TYPE_ICONS[activity.sessionType] : ACTIVITY_TYPE_ICONS[activity.type]) ??
    UNKNOWN_TYPE_ICON;
  const session = { _id: activity._id, title: activity.title };
  // Quizzes and assignments (no session type) open where they are taken; their time is the due date.
  const dueWork = activity.sessionType === null;
  const coming = activity.status === "upcoming" || activity.status === "ongoing";
  const joinable = !dueWork && activity.status === "ongoing" && activity.location === "live";
  return (
    <li className="flex flex-wrap items-start gap-3 py-3 first:pt-0 last:pb-0">
      <span className="rounded-lg bg-primary/10 p-2 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 break-words font-medium">
            {dueWork ? (
              <Link to={`/courses/${activity.courseId}/assessments/${activity._id}`} className="hover:underline">
                {activity.title}
              </Link>
            ) : (
              activity.title
            )}
          </p>
          <StatusBadge {...activityStatusBadge(activity.status)} />
        </div>
        <p className="truncate text-muted-foreground text-xs">{activity.courseTitle}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-sm">
          {activity.endedAt ? (
            <li className="flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
              <EndedAt endedAt={activity.endedAt} />
            </li>
          ) : (
            <>
              <li className="flex items-center gap-1.5">
                <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
                {dueWork && <span>{t("activities.due")}</span>}
                <time dateTime={activity.scheduledAt}>{formatDay(activity.scheduledAt)}</time>
              </li>
              <li className="flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4 shrink-0" />
                <time dateTime={activity.scheduledAt}>{formatTime(activity.scheduledAt)}</time>
              </li>
            </>
          )}
          {activity.instructor && (
            <li className="flex items-center gap-1.5">
              <UserRound aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">{t("activities.instructor")} </span>
              {activity.instructor}
            </li>
          )}
        </ul>
        {!dueWork && (activity.hasRecording || coming) && (
          <div className="mt-1 flex flex-wrap gap-2">
            {joinable && <JoinSessionButton sessionId={activity._id} title={activity.title} />}
            {activity.hasRecording && (
              <WatchRecordingButton
                session={session}
                recordingId={activity.recordingId}
                label={t("recording.watchShort")}
              />
            )}
            {coming && <AddToCalendarButton session={session} />}
          </div>
        )}
      </div>
    </li>
  );
}
