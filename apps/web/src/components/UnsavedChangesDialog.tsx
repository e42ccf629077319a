import { useTranslation } from "react-i18next";
import type { Blocker } from "react-router";
import { ConfirmDialog } from "./ConfirmDialog";

/** Asks before leaving a page with unsaved edits (a blocker from useUnsavedChanges). */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title={t("unsaved.title")}
      description={t("unsaved.description")}
      confirmLabel={t("unsaved.confirm")}
      busy={false}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
