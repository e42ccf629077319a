import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "@/auth/auth-context";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { dirtyDrafts } from "@/lib/notes/drafts";

export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
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
      title={t("MESSAGES.confirmLogoutTitle", { ns: "messages" })}
      description={
        <>
          {t("MESSAGES.confirmLogoutBody", { ns: "messages" })}
          {unsaved > 0 && (
            <span className="mt-2 block font-medium text-foreground">
              {t("logout.unsavedNotes", { count: unsaved })}
            </span>
          )}
        </>
      }
      confirmLabel={t("nav.signOut")}
      busy={busy}
      onConfirm={signOut}
    />
  );
}
