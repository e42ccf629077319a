import { MESSAGES } from "@lms/contract";
import { useState } from "react";
import { useAuth } from "@/auth/auth-context";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { dirtyDrafts } from "@/lib/notes/drafts";

export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { logout, user } = useAuth();
  const [busy, setBusy] = useState(false);
  // Sign-out removes every note copy from this browser; say so when some never reached the server.
  const unsaved = open && user ? dirtyDrafts(user._id).length : 0;

  async function signOut() {
    setBusy(true);
    await logout();
    setBusy(false);
    onOpenChange(false);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={MESSAGES.confirmLogoutTitle}
      description={
        <>
          {MESSAGES.confirmLogoutBody}
          {unsaved > 0 && (
            <span className="mt-2 block font-medium text-foreground">
              {unsaved === 1 ? "1 lesson note is" : `${unsaved} lesson notes are`} not yet saved to your account.
              Signing out saves {unsaved === 1 ? "it" : "them"} first if the server can be reached; otherwise{" "}
              {unsaved === 1 ? "it is" : "they are"} removed from this browser.
            </span>
          )}
        </>
      }
      confirmLabel="Sign Out"
      busy={busy}
      onConfirm={signOut}
    />
  );
}
