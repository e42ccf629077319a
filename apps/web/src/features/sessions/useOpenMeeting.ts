import { useTranslation } from "react-i18next";
import { useJoinSession, useStartSession } from "@/api/sessions";
import { toast } from "@/lib/toast";
import { openPendingTab } from "./open-tab";
import { toastFailure } from "./toasts";

/**
 * Start (host) or Join: asks the api for the meeting link and opens it in a new tab (spec §4).
 * Both reload the session lists, so the new status and participant count show at once.
 */
export function useOpenMeeting(kind: "start" | "join") {
  const start = useStartSession();
  const join = useJoinSession();
  const { t } = useTranslation(["sessions", "messages"]);
  const mutation = kind === "start" ? start : join;
  const failure =
    kind === "start" ? t("messages:SESSION_MESSAGES.startFailed") : t("messages:SESSION_MESSAGES.joinFailed");

  function open(sessionId: string) {
    const tab = openPendingTab();
    mutation.mutate(sessionId, {
      onSuccess: ({ joinUrl }) => {
        if (joinUrl) {
          tab.go(joinUrl);
        } else {
          tab.close();
          toast.info(t("meeting.inPerson"), { description: t("meeting.inPersonDetail") });
        }
      },
      onError: (error) => {
        tab.close();
        toastFailure(error, failure);
      },
    });
  }

  return { open, pending: mutation.isPending };
}
