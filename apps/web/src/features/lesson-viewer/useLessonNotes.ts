import { NOTE_CONTENT_MAX } from "@lms/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { holdDraft, type SyncOutcome, syncDraft } from "@/api/note-sync";
import { noteKeys, useLessonNote } from "@/api/notes";
import { type DraftRef, readDraft, writeDraft } from "@/lib/notes/drafts";

const SAVE_DELAY_MS = 800;

export type NoteStatus =
  | { state: "loading" | "idle" | "pending" | "saving" | "saved" | "offline" | "conflict" | "tooLong" }
  | { state: "error"; message: string };

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/**
 * The signed-in user's note on a lesson: shown from this device's copy at once, reconciled with
 * the server's, saved a moment after typing stops (and when the connection returns, and when the
 * lesson is left). Unsaved text stays in this device's copy until the server has it.
 */
export function useLessonNotes(ref: DraftRef) {
  const { courseId, lessonId } = ref;
  const queryClient = useQueryClient();
  const server = useLessonNote(courseId, lessonId);
  const [text, setText] = useState<string | null>(() => readDraft(ref)?.content ?? null);
  const [status, setStatus] = useState<NoteStatus>({ state: "loading" });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refRef = useRef(ref);
  refRef.current = ref;

  const apply = useCallback(
    (outcome: SyncOutcome) => {
      const current = refRef.current;
      const draft = readDraft(current);
      if (draft) setText(draft.content);
      switch (outcome.state) {
        case "saved":
          if (!draft) setText(outcome.note.content);
          queryClient.setQueryData(noteKeys.lesson(current.courseId, current.lessonId), outcome.note);
          void queryClient.invalidateQueries({ queryKey: noteKeys.course(current.courseId) });
          setStatus({ state: outcome.merged ? "conflict" : "saved" });
          return;
        case "clean":
          setStatus((previous) => (previous.state === "conflict" ? previous : { state: "saved" }));
          return;
        case "failed":
          setStatus({ state: "error", message: outcome.message });
          return;
        default:
          setStatus({ state: outcome.state });
      }
    },
    [queryClient],
  );

  const save = useCallback(() => {
    clearTimeout(timer.current);
    const draft = readDraft(refRef.current);
    if (!draft?.dirty) return;
    if (draft.content.length > NOTE_CONTENT_MAX) {
      setStatus({ state: "tooLong" });
      return;
    }
    setStatus({ state: isOffline() ? "offline" : "saving" });
    void syncDraft(refRef.current).then(apply);
  }, [apply]);

  // The server's note arrives (or changes): it replaces a copy with nothing unsaved; unsaved text
  // is kept and saved on the version it was based on, so the server can tell a conflict.
  useEffect(() => {
    if (!server.data) return;
    const current = refRef.current;
    const draft = readDraft(current);
    if (draft?.dirty) {
      setText(draft.content);
      save();
      return;
    }
    writeDraft(current, {
      content: server.data.content,
      baseUpdatedAt: server.data.updatedAt,
      dirty: false,
      editedAt: draft?.editedAt ?? new Date().toISOString(),
    });
    setText(server.data.content);
    setStatus((previous) => (previous.state === "loading" ? { state: "idle" } : previous));
  }, [server.data, save]);

  // Without the server (offline), what this device holds can still be read and edited.
  useEffect(() => {
    if (!server.isError) return;
    const draft = readDraft(refRef.current);
    setText((current) => current ?? draft?.content ?? "");
    setStatus(draft?.dirty || isOffline() ? { state: "offline" } : { state: "idle" });
  }, [server.isError]);

  useEffect(() => {
    const release = holdDraft(refRef.current);
    window.addEventListener("online", save);
    return () => {
      release();
      window.removeEventListener("online", save);
      // Leaving the lesson saves what is still waiting for the debounce.
      clearTimeout(timer.current);
      const draft = readDraft(refRef.current);
      if (draft?.dirty) void syncDraft(refRef.current);
    };
  }, [save]);

  const change = (value: string) => {
    const current = refRef.current;
    const previous = readDraft(current);
    writeDraft(current, {
      content: value,
      baseUpdatedAt: previous ? previous.baseUpdatedAt : (server.data?.updatedAt ?? null),
      dirty: true,
      editedAt: new Date().toISOString(),
    });
    setText(value);
    clearTimeout(timer.current);
    if (value.length > NOTE_CONTENT_MAX) {
      setStatus({ state: "tooLong" });
      return;
    }
    setStatus({ state: isOffline() ? "offline" : "pending" });
    timer.current = setTimeout(save, SAVE_DELAY_MS);
  };

  return {
    text,
    status,
    change,
    retry: () => void server.refetch(),
    loadFailed: server.isError,
  };
}
