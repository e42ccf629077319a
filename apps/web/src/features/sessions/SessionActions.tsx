import type { Session } from "@lms/contract";
import { LogIn, Play } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { AddToCalendarButton } from "./AddToCalendarButton";
import { DeleteSessionButton } from "./DeleteSessionButton";
import { EditSessionButton } from "./EditSessionButton";
import { EndSessionButton } from "./EndSessionButton";
import { UploadRecordingButton } from "./UploadRecordingButton";
import { useOpenMeeting } from "./useOpenMeeting";
import { WatchRecordingButton } from "./WatchRecordingButton";

function MeetingButton({ session, kind }: { session: Session; kind: "start" | "join" }) {
  const meeting = useOpenMeeting(kind);
  const { t } = useTranslation("sessions");
  const Icon = kind === "start" ? Play : LogIn;
  return (
    <Button size="sm" onClick={() => meeting.open(session._id)} disabled={meeting.pending}>
      {meeting.pending ? <Spinner /> : <Icon aria-hidden="true" />}
      {kind === "start" ? t("actions.start") : t("actions.join")}
    </Button>
  );
}

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
      {canManage && status === "upcoming" && <MeetingButton session={session} kind="start" />}
      {canManage && status === "live" && online && <MeetingButton session={session} kind="join" />}
      {canManage && status === "live" && <EndSessionButton sessionId={session._id} />}
      {!canManage && online && (status === "upcoming" || status === "live") && (
        <MeetingButton session={session} kind="join" />
      )}
      {session.hasRecording && <WatchRecordingButton session={session} />}
      {canManage && status === "ended" && !session.hasRecording && <UploadRecordingButton session={session} />}
      {(status === "upcoming" || status === "live") && <AddToCalendarButton session={session} />}
      {canManage && status === "upcoming" && <EditSessionButton session={session} />}
      {canManage && <DeleteSessionButton session={session} />}
    </div>
  );
}
