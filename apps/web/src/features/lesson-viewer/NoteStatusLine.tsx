import { NOTE_MESSAGES } from "@lms/contract";
import { AlertTriangle, Check, CloudOff, Loader2 } from "lucide-react";
import type { NoteStatus } from "./useLessonNotes";

/** Where the note stands: saved to the account, waiting, only on this device, or needing a look. */
export function NoteStatusLine({ id, status }: { id: string; status: NoteStatus }) {
  return (
    <p id={id} aria-live="polite" className="flex min-w-0 items-start gap-1" data-testid="note-status">
      {statusText(status)}
    </p>
  );
}

function statusText(status: NoteStatus) {
  switch (status.state) {
    case "loading":
      return "Loading your note…";
    case "idle":
      return "Saved to your account as you type";
    case "pending":
    case "saving":
      return (
        <>
          <Loader2 aria-hidden="true" className="size-3.5 shrink-0 animate-spin" />
          Saving…
        </>
      );
    case "saved":
      return (
        <>
          <Check aria-hidden="true" className="size-3.5 shrink-0 text-success" />
          Saved
        </>
      );
    case "offline":
      return (
        <>
          <CloudOff aria-hidden="true" className="size-3.5 shrink-0" />
          Offline — saved on this device
        </>
      );
    case "conflict":
      return (
        <span className="flex items-start gap-1 text-foreground">
          <AlertTriangle aria-hidden="true" className="mt-px size-3.5 shrink-0 text-amber-500" />
          Conflict — changed on another device. Both versions are kept; the older one is below the ----- line.
        </span>
      );
    case "tooLong":
      return <span className="font-medium text-destructive">Not saved: {NOTE_MESSAGES.tooLong}.</span>;
    case "error":
      return <span className="font-medium text-destructive">Not saved: {status.message}</span>;
  }
}
