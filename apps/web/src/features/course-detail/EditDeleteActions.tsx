import { Pencil } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ConfirmDeleteButton } from "./ConfirmDeleteButton";

interface EditDeleteActionsProps {
  /** What the row is, e.g. "Material": names both buttons and the delete dialog. */
  noun: string;
  itemTitle: string;
  focusGroup: string;
  consequence?: string;
  className?: string;
  deleting: boolean;
  onDelete: (done: () => void) => void;
  /** The edit dialog, open until `close` is called. */
  editDialog: (close: () => void) => ReactNode;
}

/** A course manager's Edit and Delete buttons for one row of a list. */
export function EditDeleteActions({
  noun,
  itemTitle,
  focusGroup,
  consequence,
  className,
  deleting,
  onDelete,
  editDialog,
}: EditDeleteActionsProps) {
  const [editing, setEditing] = useState(false);
  return (
    <div className={cn("flex items-center gap-1", className)}>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Edit ${noun.toLowerCase()} ${itemTitle}`}
        onClick={() => setEditing(true)}
      >
        <Pencil aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Edit</span>
      </Button>
      <ConfirmDeleteButton
        noun={noun}
        itemTitle={itemTitle}
        focusGroup={focusGroup}
        consequence={consequence}
        busy={deleting}
        onConfirm={onDelete}
      />
      {editing && editDialog(() => setEditing(false))}
    </div>
  );
}
