import type { User } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";

interface DeleteUsersDialogProps {
  users: User[];
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before deleting one user or the selected users; their enrollments and progress go with them. */
export function DeleteUsersDialog({ users, busy, onConfirm, onClose }: DeleteUsersDialogProps) {
  const { t } = useTranslation("users");
  const one = users.length === 1 ? users[0] : undefined;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={one ? t("delete.titleOne") : t("delete.titleMany", { count: users.length })}
      description={
        one ? t("delete.bodyOne", { name: one.name, email: one.email }) : t("delete.bodyMany", { count: users.length })
      }
      confirmLabel={t("delete.confirm")}
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
