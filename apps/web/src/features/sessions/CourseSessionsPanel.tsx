import { CalendarX2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useCourseSessions } from "@/api/sessions";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Skeleton } from "@/components/ui/skeleton";
import { orderSessions } from "./order";
import { ScheduleSessionButton } from "./ScheduleSessionButton";
import { SessionItem } from "./SessionItem";

function SessionListSkeleton() {
  const { t } = useTranslation(["sessions", "messages"]);
  return (
    <div role="status" aria-label={t("list.loading")} className="grid gap-3">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-32 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** The Sessions tab of course detail: session manager for instructors/admins, read-only list for learners. */
export default function CourseSessionsPanel({ courseId, canManage }: { courseId: string; canManage: boolean }) {
  const sessions = useCourseSessions(courseId);
  const { t } = useTranslation(["sessions", "messages"]);

  return (
    <section aria-labelledby="course-sessions-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="course-sessions-heading" className="font-semibold text-xl">
            {t("course.title")}
          </h2>
          <p className="text-muted-foreground text-sm">
            {canManage ? t("course.manageHint") : t("course.learnerHint")}
          </p>
        </div>
        {canManage && <ScheduleSessionButton courseId={courseId} />}
      </div>

      {sessions.isPending ? (
        <SessionListSkeleton />
      ) : sessions.isError ? (
        <ErrorState title={t("messages:SESSION_MESSAGES.loadFailed")} onRetry={() => sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <EmptyState
          icon={CalendarX2}
          title={t("course.empty")}
          description={canManage ? t("course.emptyManage") : t("course.emptyLearner")}
        />
      ) : (
        <ul aria-label={t("list.label")} className="grid gap-3">
          {orderSessions(sessions.data).map((session) => (
            <SessionItem key={session._id} session={session} canManage={canManage} />
          ))}
        </ul>
      )}
    </section>
  );
}
