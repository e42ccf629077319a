import type { Session } from "@lms/contract";
import { AddToCalendarButton } from "./AddToCalendarButton";
import { DeleteSessionButton } from "./DeleteSessionButton";
import { EditSessionButton } from "./EditSessionButton";
import { EndSessionButton } from "./EndSessionButton";
import { JoinSessionButton, StartSessionButton } from "./MeetingButtons";
import { UploadRecordingButton } from "./UploadRecordingButton";
import { WatchRecordingButton } from "./WatchRecordingButton";

/**
 * The actions of spec §4 by role and displayed status. Managers (instructors and admins) start
 * upcoming sessions, rejoin and end live ones, upload a recording once ended, edit or move upcoming
 * ones, and delete; learners join upcoming or live online sessions. Everyone watches recordings and
 * adds coming sessions to a calendar.
 */
export function SessionActions({ session, canManage }: { session: Session; canManage: boolean }) {
  const status = session.displayStatus;
  const online = session.location === "live";
  return (
    <div className="flex flex-wrap items-center gap-2">
      {canManage && status === "upcoming" && <StartSessionButton session={session} />}
      {canManage && status === "live" && online && <JoinSessionButton sessionId={session._id} title={session.title} />}
      {canManage && status === "live" && <EndSessionButton sessionId={session._id} />}
      {!canManage && online && (status === "upcoming" || status === "live") && (
        <JoinSessionButton sessionId={session._id} title={session.title} />
      )}
      {session.hasRecording && <WatchRecordingButton session={session} />}
      {canManage && status === "ended" && !session.hasRecording && <UploadRecordingButton session={session} />}
      {(status === "upcoming" || status === "live") && <AddToCalendarButton session={session} />}
      {canManage && status === "upcoming" && <EditSessionButton session={session} />}
      {canManage && <DeleteSessionButton session={session} />}
    </div>
  );
}
