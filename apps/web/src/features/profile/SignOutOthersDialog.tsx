import { useTranslation } from "react-i18next";
import { useSignOutOthers } from "@/api/profile";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { failureText } from "@/lib/server-errors";
import { toast } from "@/lib/toast";

/** Asks before signing out every other device; this one stays signed in. */
export function SignOutOthersDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("profile");
  const signOut = useSignOutOthers();
  const confirm = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success(t("PROFILE_MESSAGES.signedOutOthers", { ns: "messages" }));
        onClose();
      },
      onError: (error) => toast.error(t("signOutOthers.failed"), { description: failureText(error, t("tryAgain")) }),
    });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("signOutOthers.title")}
      description={t("signOutOthers.description")}
      confirmLabel={t("signOutOthers.confirm")}
      busy={signOut.isPending}
      onConfirm={confirm}
    />
  );
}
