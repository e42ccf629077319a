import { Pencil } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ConfirmDeleteButton, type DeletableNoun } from "./ConfirmDeleteButton";

interface EditDeleteActionsProps {
  /** What the row is: names both buttons and the delete dialog. */
  noun: DeletableNoun;
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
  const { t } = useTranslation("course-detail");
  const [editing, setEditing] = useState(false);
  return (
    <div className={cn("flex items-center gap-1", className)}>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t(`rowActions.${noun}.edit`, { title: itemTitle })}
        onClick={() => setEditing(true)}
      >
        <Pencil aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t("actions.edit")}</span>
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
