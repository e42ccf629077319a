import { SESSION_MESSAGES as M } from "@lms/contract";
import { Square } from "lucide-react";
import { useEndSession } from "@/api/sessions";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toastFailure, toastSuccess } from "./toasts";

export function EndSessionButton({ sessionId }: { sessionId: string }) {
  const end = useEndSession();
  return (
    <Button
      size="sm"
      variant="destructive"
      disabled={end.isPending || end.isSuccess}
      onClick={() =>
        end.mutate(sessionId, {
          onSuccess: () => toastSuccess(M.ended),
          onError: (error) => toastFailure(error, M.endFailed),
        })
      }
    >
      {end.isPending ? <Spinner /> : <Square aria-hidden="true" />}
      End Session
    </Button>
  );
}
