import type { User } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { type AccountSecurityAction, useAccountSecurityAction } from "@/api/user-admin";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { localizedMessage } from "@/lib/localized-message";
import { toast } from "@/lib/toast";

/** Asks before signing a user out everywhere or resetting their two-factor sign-in. */
export function AccountSecurityDialog({
  action,
  user,
  onClose,
}: {
  action: AccountSecurityAction;
  user: User;
  onClose: () => void;
}) {
  const { t } = useTranslation("users");
  const run = useAccountSecurityAction();
  const confirm = () =>
    run.mutate(
      { action, id: user._id },
      {
        onSuccess: (message) => {
          toast.success(localizedMessage(message));
          onClose();
        },
        onError: (error) => toast.error(messageOf(error, t("USER_ADMIN_MESSAGES.updateFailed", { ns: "messages" }))),
      },
    );
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`security.${action}.title`)}
      description={t(`security.${action}.body`, { name: user.name, email: user.email })}
      confirmLabel={t(`security.${action}.confirm`)}
      busy={run.isPending}
      onConfirm={confirm}
    />
  );
}
