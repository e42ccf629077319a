import type { NavigationBlocker } from "@/lib/use-navigation-blocker";
import { ConfirmDialog } from "./ConfirmDialog";

/** Asks before leaving a page with unsaved edits (a blocker from useUnsavedChanges). */
export function UnsavedChangesDialog({ blocker }: { blocker: NavigationBlocker }) {
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.reset()}
      title="Leave without saving?"
      description="Your changes are not saved yet. If you leave this page now, they are lost."
      confirmLabel="Leave without saving"
      busy={false}
      onConfirm={() => blocker.proceed()}
    />
  );
}
