import { useTranslation } from "react-i18next";
import type { NavigationBlocker } from "@/lib/use-navigation-blocker";
import { ConfirmDialog } from "./ConfirmDialog";

/** Asks before leaving a page with unsaved edits (a blocker from useUnsavedChanges). */
export function UnsavedChangesDialog({ blocker }: { blocker: NavigationBlocker }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.reset()}
      title={t("unsaved.title")}
      description={t("unsaved.description")}
      confirmLabel={t("unsaved.confirm")}
      busy={false}
      onConfirm={() => blocker.proceed()}
    />
  );
}
