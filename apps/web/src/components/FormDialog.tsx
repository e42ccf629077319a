import type { FormEventHandler, ReactNode } from "react";
import { FormActions } from "@/components/FormActions";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

interface FormDialogProps {
  title: string;
  description: string;
  /** While the submit runs: both buttons are disabled and the dialog cannot be closed. */
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  submitLabel?: string;
  /** Why submitting is not possible yet; while set, submit is disabled and shows it. */
  submitUnavailable?: string;
  /** Where focus goes once the dialog closes (call `preventDefault` to keep it from the opener). */
  onCloseAutoFocus?: (event: Event) => void;
  /** The form's fields. */
  children: ReactNode;
}

/** An open dialog around one form, with Cancel and submit buttons in its footer. */
export function FormDialog({
  title,
  description,
  busy,
  onSubmit,
  onClose,
  onCloseAutoFocus,
  children,
  ...actions
}: FormDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {children}
          <DialogFooter>
            <FormActions busy={busy} onCancel={onClose} {...actions} />
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
