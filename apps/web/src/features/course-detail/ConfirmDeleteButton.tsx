import { Trash2 } from "lucide-react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

interface ConfirmDeleteButtonProps {
  /** What is deleted, e.g. "Material"; names the button, the dialog and its confirm button. */
  noun: string;
  /** The item's title, for the button's accessible name and the question. */
  itemTitle: string;
  /** Said after the question, e.g. what else goes with the item. */
  consequence?: string;
  busy: boolean;
  /** Runs the delete; call `done` when it succeeded to close the dialog. */
  onConfirm: (done: () => void) => void;
}

/** A Delete button that asks first; the dialog stays open while the delete runs. */
export function ConfirmDeleteButton({ noun, itemTitle, consequence, busy, onConfirm }: ConfirmDeleteButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        aria-label={`Delete ${noun.toLowerCase()} ${itemTitle}`}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Delete</span>
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {noun}</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete “{itemTitle}”?{consequence ? ` ${consequence}` : ""} This action cannot be
            undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogConfirm variant="destructive" disabled={busy} onClick={() => onConfirm(() => setOpen(false))}>
            {busy && <Spinner />}
            Delete {noun}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
