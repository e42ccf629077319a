import type { User } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { type AccountSecurityAction, useAccountSecurityAction } from "@/api/user-admin";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { toast } from "@/lib/toast";

/** The catalogued message each action's success is told with. */
const SUCCESS = {
  signOutEverywhere: "USER_ADMIN_MESSAGES.signedOutEverywhere",
  resetTwoFactor: "TWO_FACTOR_MESSAGES.resetByAdmin",
} as const satisfies Record<AccountSecurityAction, string>;

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
        onSuccess: () => {
          toast.success(t(SUCCESS[action], { ns: "messages" }));
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
