import type { TFunction } from "i18next";
import { AlertTriangle, Check, CloudOff, Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { NoteStatus } from "./useLessonNotes";

type T = TFunction<["lesson-viewer", "messages"]>;

/** Where the note stands: saved to the account, waiting, only on this device, or needing a look. */
export function NoteStatusLine({ id, status }: { id: string; status: NoteStatus }) {
  const { t } = useTranslation(["lesson-viewer", "messages"]);
  return (
    <p id={id} aria-live="polite" className="flex min-w-0 items-start gap-1" data-testid="note-status">
      {statusText(status, t)}
    </p>
  );
}

function statusText(status: NoteStatus, t: T) {
  switch (status.state) {
    case "loading":
      return t("noteStatus.loading");
    case "idle":
      return t("noteStatus.idle");
    case "pending":
    case "saving":
      return (
        <>
          <Loader2 aria-hidden="true" className="size-3.5 shrink-0 animate-spin" />
          {t("noteStatus.saving")}
        </>
      );
    case "saved":
      return (
        <>
          <Check aria-hidden="true" className="size-3.5 shrink-0 text-success" />
          {t("noteStatus.saved")}
        </>
      );
    case "offline":
      return (
        <>
          <CloudOff aria-hidden="true" className="size-3.5 shrink-0" />
          {t("noteStatus.offline")}
        </>
      );
    case "conflict":
      return (
        <span className="flex items-start gap-1 text-foreground">
          <AlertTriangle aria-hidden="true" className="mt-px size-3.5 shrink-0 text-amber-500" />
          {t("noteStatus.conflict")}
        </span>
      );
    case "tooLong":
      return (
        <span className="font-medium text-destructive">
          {t("noteStatus.notSavedSentence", { reason: t("messages:NOTE_MESSAGES.tooLong") })}
        </span>
      );
    case "error":
      return (
        <span className="font-medium text-destructive">{t("noteStatus.notSaved", { reason: status.message })}</span>
      );
  }
}
