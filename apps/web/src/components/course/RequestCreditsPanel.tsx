import { CREDIT_LIMITS } from "@lms/contract";
import { HandCoins, MailCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMyCreditRequest, useRequestCredits } from "@/api/credits";
import { messageOf } from "@/api/errors";
import { FormField } from "@/components/FormField";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";

/**
 * For a learner short of a course's price: asks the course's teacher for credits, with an optional
 * message. While a request is open it says so instead (one open request per course).
 */
export function RequestCreditsPanel({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const mine = useMyCreditRequest(courseId, true);
  const [open, setOpen] = useState(false);

  if (mine.isPending) return <Skeleton className="h-9 w-full" />;
  if (mine.data) {
    return (
      <Alert variant="success" role="status">
        <MailCheck aria-hidden="true" />
        <AlertDescription>{t("enroll.requestPending")}</AlertDescription>
      </Alert>
    );
  }
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <HandCoins aria-hidden="true" />
        {t("enroll.requestCredits")}
      </Button>
      {open && <RequestCreditsDialog courseId={courseId} onClose={() => setOpen(false)} />}
    </>
  );
}

function RequestCreditsDialog({ courseId, onClose }: { courseId: string; onClose: () => void }) {
  const { t } = useTranslation(["common", "messages"]);
  const request = useRequestCredits(courseId);
  const [message, setMessage] = useState("");
  const tooLong = message.trim().length > CREDIT_LIMITS.requestMessageMax;
  const busy = request.isPending;

  const send = () =>
    request.mutate(message.trim(), {
      onSuccess: () => {
        toast.success(t("messages:CREDIT_MESSAGES.requested"));
        onClose();
      },
    });

  return (
    <Dialog open onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("enroll.requestTitle")}</DialogTitle>
          <DialogDescription>{t("enroll.requestDescription")}</DialogDescription>
        </DialogHeader>
        <FormField
          id="credit-request-message"
          label={t("enroll.requestMessage")}
          error={tooLong ? t("messages:CREDIT_MESSAGES.messageTooLong") : undefined}
        >
          <Textarea
            id="credit-request-message"
            rows={3}
            value={message}
            disabled={busy}
            aria-invalid={tooLong}
            placeholder={t("enroll.requestMessagePlaceholder")}
            onChange={(event) => setMessage(event.target.value)}
          />
        </FormField>
        {request.isError && (
          <Alert variant="destructive">
            <AlertDescription className="text-foreground opacity-100">
              {messageOf(request.error, t("enroll.requestFailed"))}
            </AlertDescription>
          </Alert>
        )}
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={onClose}>
            {t("enroll.requestCancel")}
          </Button>
          <Button disabled={busy || tooLong} onClick={send}>
            {busy && <Spinner />}
            {t("enroll.requestSend")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
