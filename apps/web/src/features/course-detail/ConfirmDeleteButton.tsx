import { Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { deleteTrigger, useFocusAfterDelete } from "@/lib/useFocusAfterDelete";

/** The kinds of row a manager edits and deletes in place. */
export type DeletableNoun = "material" | "announcement";

interface ConfirmDeleteButtonProps {
  /** What is deleted; names the button, the dialog and its confirm button. */
  noun: DeletableNoun;
  /** The item's title, for the button's accessible name and the question. */
  itemTitle: string;
  /** The list the item is a row of; after the delete, focus moves to a neighbouring row's Delete. */
  focusGroup: string;
  /** Said after the question, e.g. what else goes with the item. */
  consequence?: string;
  busy: boolean;
  /** Runs the delete; call `done` when it succeeded to close the dialog. */
  onConfirm: (done: () => void) => void;
}

/** A Delete button that asks first; the dialog stays open while the delete runs. */
export function ConfirmDeleteButton({
  noun,
  itemTitle,
  focusGroup,
  consequence,
  busy,
  onConfirm,
}: ConfirmDeleteButtonProps) {
  const { t } = useTranslation("course-detail");
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const focus = useFocusAfterDelete(() => button.current);
  return (
    <>
      <Button
        ref={button}
        {...deleteTrigger(focusGroup)}
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        aria-label={t(`rowActions.${noun}.delete`, { title: itemTitle })}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{t("actions.delete")}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t(`rowActions.${noun}.deleteTitle`)}
        description={
          <>
            {t("confirmDelete.question", { title: itemTitle })}
            {consequence ? ` ${consequence}` : ""} {t("confirmDelete.noUndo")}
          </>
        }
        confirmLabel={t(`rowActions.${noun}.deleteTitle`)}
        busy={busy}
        onConfirm={() => onConfirm(focus.deleting(() => setOpen(false)))}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </>
  );
}
