import { useTranslation } from "react-i18next";
import { ApiError } from "@/api/errors";
import { useJoinSession, useStartSession } from "@/api/sessions";
import { toast } from "@/lib/toast";
import { openPendingTab } from "./open-tab";
import { toastFailure } from "./toasts";

/** The api's code for a start long before the scheduled time that was not confirmed. */
const START_EARLY_CODE = "SESSION_MESSAGES.startEarly";

interface OpenOptions {
  /** Confirms an early start. */
  early?: boolean;
  /** The api asks for a confirmation the page did not expect (say, the device's clock is behind). */
  onNeedsConfirmation?: () => void;
}

/**
 * Start (host) or Join: asks the api for the meeting link and opens it in a new tab (spec §4).
 * Both reload the session lists, so the new status and participant count show at once.
 */
export function useOpenMeeting(kind: "start" | "join") {
  const start = useStartSession();
  const join = useJoinSession();
  const { t } = useTranslation(["sessions", "messages"]);
  const failure =
    kind === "start" ? t("messages:SESSION_MESSAGES.startFailed") : t("messages:SESSION_MESSAGES.joinFailed");

  function open(sessionId: string, options: OpenOptions = {}) {
    const tab = openPendingTab();
    const handlers = {
      onSuccess: ({ joinUrl }: { joinUrl: string | null }) => {
        if (joinUrl) {
          tab.go(joinUrl);
        } else {
          tab.close();
          toast.info(t("meeting.inPerson"), { description: t("meeting.inPersonDetail") });
        }
      },
      onError: (error: unknown) => {
        tab.close();
        if (error instanceof ApiError && error.code === START_EARLY_CODE && options.onNeedsConfirmation) {
          options.onNeedsConfirmation();
          return;
        }
        toastFailure(error, failure);
      },
    };
    if (kind === "start") start.mutate({ id: sessionId, early: options.early }, handlers);
    else join.mutate(sessionId, handlers);
  }

  return { open, pending: kind === "start" ? start.isPending : join.isPending };
}
