import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { FormDialog } from "@/components/FormDialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

interface ReasonDialogProps {
  title: string;
  description: string;
  reasonLabel: string;
  submitLabel: string;
  maxLength: number;
  /** A reason must be given; otherwise it may stay empty. */
  required?: boolean;
  /** Shown when sending fails without a message of its own. */
  failureText: string;
  busy: boolean;
  /** Sends the reason: the dialog closes once it resolves, and shows why when it fails. */
  send: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** A dialog asking for a reason (a report, say) and sending it. */
export function ReasonDialog({ required = false, failureText, send, onClose, ...texts }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  return (
    <FormDialog
      title={texts.title}
      description={texts.description}
      busy={texts.busy}
      submitLabel={texts.submitLabel}
      submitUnavailable={required && !reason.trim() ? t("unavailable.reasonRequired") : undefined}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        send(reason.trim()).then(onClose, (failure: unknown) => setError(messageOf(failure, failureText)));
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={reasonId}>{texts.reasonLabel}</Label>
        <Textarea
          id={reasonId}
          value={reason}
          required={required}
          maxLength={texts.maxLength}
          aria-invalid={error !== null}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
