import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

interface FormActionsProps {
  busy: boolean;
  onCancel: () => void;
  submitLabel?: string;
  /** Why submitting is not possible yet (e.g. a required field is empty): while set, submit is disabled and says so. */
  submitUnavailable?: string;
}

/** A form's Cancel and submit buttons, both disabled while it is busy; place them in the container's footer. */
export function FormActions({ busy, onCancel, submitLabel, submitUnavailable }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="outline" disabled={busy} onClick={onCancel}>
        {t("actions.cancel")}
      </Button>
      <Button
        type="submit"
        disabled={submitUnavailable !== undefined || busy}
        disabledReason={busy ? undefined : submitUnavailable}
      >
        {busy && <Spinner />}
        {submitLabel ?? t("actions.saveChanges")}
      </Button>
    </>
  );
}
