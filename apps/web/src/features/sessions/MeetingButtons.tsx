import { SESSION_EARLY_START_MINUTES, type Session } from "@lms/contract";
import { LogIn, Play } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/datetime";
import { useOpenMeeting } from "./useOpenMeeting";

/** Join: the learner's own link (the host's for the session's managers), opened in a new tab. */
export function JoinSessionButton({ sessionId, title }: { sessionId: string; title: string }) {
  const meeting = useOpenMeeting("join");
  const { t } = useTranslation("sessions");
  return (
    <Button
      size="sm"
      onClick={() => meeting.open(sessionId)}
      disabled={meeting.pending}
      aria-label={t("actions.joinLabel", { title })}
    >
      {meeting.pending ? <Spinner /> : <LogIn aria-hidden="true" />}
      {t("actions.join")}
    </Button>
  );
}

const startsLongAfter = (scheduledAt: string, now = Date.now()) =>
  Date.parse(scheduledAt) - now > SESSION_EARLY_START_MINUTES * 60_000;

/**
 * Start: at once near the scheduled time; long before it, only after the manager confirms that the
 * session moves to now (the api refuses an unconfirmed early start, and then the question shows too).
 */
export function StartSessionButton({ session }: { session: Pick<Session, "_id" | "scheduledAt" | "title"> }) {
  const meeting = useOpenMeeting("start");
  const { t } = useTranslation("sessions");
  const [asking, setAsking] = useState(false);
  const start = (early: boolean) => {
    setAsking(false);
    meeting.open(session._id, { early, onNeedsConfirmation: () => setAsking(true) });
  };
  return (
    <>
      <Button
        size="sm"
        onClick={() => (startsLongAfter(session.scheduledAt) ? setAsking(true) : start(false))}
        disabled={meeting.pending}
        aria-label={t("actions.startLabel", { title: session.title })}
      >
        {meeting.pending ? <Spinner /> : <Play aria-hidden="true" />}
        {t("actions.start")}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("startEarly.title")}
        description={t("startEarly.description", {
          when: formatDateTime(session.scheduledAt),
          minutes: SESSION_EARLY_START_MINUTES,
        })}
        confirmLabel={t("startEarly.confirm")}
        busy={meeting.pending}
        onConfirm={() => start(true)}
      />
    </>
  );
}
