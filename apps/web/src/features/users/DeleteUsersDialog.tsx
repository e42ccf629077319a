import type { User } from "@lms/contract";
import { ConfirmDialog } from "@/components/ConfirmDialog";

interface DeleteUsersDialogProps {
  users: User[];
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before deleting one user or the selected users; their enrollments and progress go with them. */
export function DeleteUsersDialog({ users, busy, onConfirm, onClose }: DeleteUsersDialogProps) {
  const one = users.length === 1 ? users[0] : undefined;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={one ? "Delete User" : `Delete ${users.length} users`}
      description={`Are you sure you want to delete ${one ? `${one.name} (${one.email})` : `these ${users.length} users`}? Their enrollments, progress, notes and attendance are deleted too. This action cannot be undone.`}
      confirmLabel="Delete"
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
