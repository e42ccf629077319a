import { Square } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useEndSession } from "@/api/sessions";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toastFailure, toastSuccess } from "./toasts";

export function EndSessionButton({ sessionId }: { sessionId: string }) {
  const end = useEndSession();
  const { t } = useTranslation(["sessions", "messages"]);
  return (
    <Button
      size="sm"
      variant="destructive"
      disabled={end.isPending || end.isSuccess}
      onClick={() =>
        end.mutate(sessionId, {
          onSuccess: () => toastSuccess(t("messages:SESSION_MESSAGES.ended")),
          onError: (error) => toastFailure(error, t("messages:SESSION_MESSAGES.endFailed")),
        })
      }
    >
      {end.isPending ? <Spinner /> : <Square aria-hidden="true" />}
      {t("actions.end")}
    </Button>
  );
}
