import { SESSION_MESSAGES as M } from "@lms/contract";
import { CalendarX2 } from "lucide-react";
import { useCourseSessions } from "@/api/sessions";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Skeleton } from "@/components/ui/skeleton";
import { orderSessions } from "./order";
import { ScheduleSessionButton } from "./ScheduleSessionButton";
import { SessionItem } from "./SessionItem";

function SessionListSkeleton() {
  return (
    <div role="status" aria-label="Loading sessions" className="grid gap-3">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-32 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** The Sessions tab of course detail: session manager for instructors/admins, read-only list for learners. */
export default function CourseSessionsPanel({ courseId, canManage }: { courseId: string; canManage: boolean }) {
  const sessions = useCourseSessions(courseId);

  return (
    <section aria-labelledby="course-sessions-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="course-sessions-heading" className="font-semibold text-xl">
            Live sessions
          </h2>
          <p className="text-muted-foreground text-sm">
            {canManage
              ? "Schedule, start and end live sessions, and share their recordings."
              : "Join live sessions of this course and watch their recordings."}
          </p>
        </div>
        {canManage && <ScheduleSessionButton courseId={courseId} />}
      </div>

      {sessions.isPending ? (
        <SessionListSkeleton />
      ) : sessions.isError ? (
        <ErrorState title={M.loadFailed} onRetry={() => sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <EmptyState
          icon={CalendarX2}
          title="No sessions yet"
          description={
            canManage
              ? "Schedule the first live session of this course."
              : "Live sessions of this course will show up here once they are scheduled."
          }
        />
      ) : (
        <ul aria-label="Sessions" className="grid gap-3">
          {orderSessions(sessions.data).map((session) => (
            <SessionItem key={session._id} session={session} canManage={canManage} />
          ))}
        </ul>
      )}
    </section>
  );
}
