import { MESSAGES } from "@lms/contract";
import { useState } from "react";
import { useAuth } from "@/auth/auth-context";
import { ConfirmDialog } from "@/components/ConfirmDialog";

export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { logout } = useAuth();
  const [busy, setBusy] = useState(false);

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
      description={MESSAGES.confirmLogoutBody}
      confirmLabel="Sign Out"
      busy={busy}
      onConfirm={signOut}
    />
  );
}
