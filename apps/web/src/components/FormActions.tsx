import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

interface FormActionsProps {
  busy: boolean;
  onCancel: () => void;
  submitLabel?: string;
  /** Disables submitting beyond `busy`, e.g. until a required field has a value. */
  submitDisabled?: boolean;
}

/** A form's Cancel and submit buttons, both disabled while it is busy; place them in the container's footer. */
export function FormActions({ busy, onCancel, submitLabel, submitDisabled = false }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="outline" disabled={busy} onClick={onCancel}>
        {t("actions.cancel")}
      </Button>
      <Button type="submit" disabled={submitDisabled || busy}>
        {busy && <Spinner />}
        {submitLabel ?? t("actions.saveChanges")}
      </Button>
    </>
  );
}
