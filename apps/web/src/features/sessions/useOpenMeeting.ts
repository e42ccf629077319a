import { SESSION_MESSAGES as M } from "@lms/contract";
import { toast } from "sonner";
import { useJoinSession, useStartSession } from "@/api/sessions";
import { openPendingTab } from "./open-tab";
import { toastFailure } from "./toasts";

const IN_PERSON = "This session takes place in person, so it has no video meeting link.";

/**
 * Start (host) or Join: asks the api for the meeting link and opens it in a new tab (spec §4).
 * Both reload the session lists, so the new status and participant count show at once.
 */
export function useOpenMeeting(kind: "start" | "join") {
  const start = useStartSession();
  const join = useJoinSession();
  const mutation = kind === "start" ? start : join;
  const failure = kind === "start" ? M.startFailed : M.joinFailed;

  function open(sessionId: string) {
    const tab = openPendingTab();
    mutation.mutate(sessionId, {
      onSuccess: ({ joinUrl }) => {
        if (joinUrl) {
          tab.go(joinUrl);
        } else {
          tab.close();
          toast.info("In-person session", { description: IN_PERSON });
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
