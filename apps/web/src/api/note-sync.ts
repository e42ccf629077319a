import { type LessonNote, NOTE_CONTENT_MAX } from "@lms/contract";
import { type DraftRef, dirtyDrafts, type NoteDraft, readDraft, writeDraft } from "@/lib/notes/drafts";
import { resolveNoteConflict } from "@/lib/notes/merge";
import { ApiError, messageOf } from "./errors";
import { putLessonNote } from "./notes";

export type SyncOutcome =
  /** The server holds this device's text (`merged`: after joining it with a newer server copy). */
  | { state: "saved"; note: LessonNote; merged: boolean }
  | { state: "clean" }
  | { state: "offline" }
  | { state: "tooLong" }
  | { state: "failed"; message: string };

/** A save, a conflict resolution, and the save of the resolved text are at most this many calls. */
const MAX_ROUNDS = 4;

const running = new Map<string, Promise<SyncOutcome>>();
/** Notes open in an editor, which saves them itself and shows the outcome. */
const open = new Set<string>();

const refKey = (ref: DraftRef) => `${ref.userId}:${ref.courseId}:${ref.lessonId}`;

const cleanDraft = (note: LessonNote, editedAt: string): NoteDraft => ({
  content: note.content,
  baseUpdatedAt: note.updatedAt,
  dirty: false,
  editedAt,
});

async function sync(ref: DraftRef): Promise<SyncOutcome> {
  let merged = false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const draft = readDraft(ref);
    if (!draft?.dirty) return { state: "clean" };
    if (draft.content.length > NOTE_CONTENT_MAX) return { state: "tooLong" };
    let answer: Awaited<ReturnType<typeof putLessonNote>>;
    try {
      answer = await putLessonNote(ref.courseId, ref.lessonId, {
        content: draft.content,
        baseUpdatedAt: draft.baseUpdatedAt,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) return { state: "offline" };
      return { state: "failed", message: messageOf(error, "Your note could not be saved.") };
    }
    // The text may have changed while the request was out: the latest local text is what counts.
    const latest = readDraft(ref) ?? draft;
    if ("saved" in answer) {
      if (latest.content === draft.content) {
        writeDraft(ref, cleanDraft(answer.saved, latest.editedAt));
        return { state: "saved", note: answer.saved, merged };
      }
      writeDraft(ref, { ...latest, baseUpdatedAt: answer.saved.updatedAt });
      continue;
    }
    const server = answer.conflict;
    const resolution = resolveNoteConflict(
      { content: latest.content, changedAt: latest.editedAt },
      { content: server.content, changedAt: server.updatedAt },
    );
    if (resolution.content === server.content) {
      writeDraft(ref, cleanDraft(server, latest.editedAt));
      return { state: "saved", note: server, merged };
    }
    merged ||= resolution.merged;
    writeDraft(ref, {
      content: resolution.content,
      baseUpdatedAt: server.updatedAt,
      dirty: true,
      editedAt: new Date().toISOString(),
    });
  }
  return { state: "failed", message: "Your note kept changing on another device; it is kept here and saved later." };
}

/**
 * Saves this device's unsaved text of one note (no-op when there is none). Calls for the same
 * note run one after the other, so the lesson's editor and the background flush never race.
 */
export function syncDraft(ref: DraftRef): Promise<SyncOutcome> {
  const key = refKey(ref);
  const previous = running.get(key) ?? Promise.resolve<SyncOutcome>({ state: "clean" });
  const next = previous.then(() => sync(ref));
  running.set(key, next);
  void next.finally(() => {
    if (running.get(key) === next) running.delete(key);
  });
  return next;
}

/** Marks a note as open in an editor until the returned function is called. */
export function holdDraft(ref: DraftRef): () => void {
  const key = refKey(ref);
  open.add(key);
  return () => open.delete(key);
}

/**
 * Saves every unsaved note of the user on this device except those open in an editor (or all,
 * at sign-out); answers how many reached the server.
 */
export async function syncDirtyDrafts(userId: string, { includeOpen = false } = {}): Promise<number> {
  const refs = dirtyDrafts(userId).filter((ref) => includeOpen || !open.has(refKey(ref)));
  const outcomes = await Promise.all(refs.map(syncDraft));
  return outcomes.filter((outcome) => outcome.state === "saved").length;
}
