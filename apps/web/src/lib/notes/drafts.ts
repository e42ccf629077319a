/**
 * This device's copy of the signed-in user's lesson notes, in local storage under
 * `lessonNotes:<userId>:<courseId>:<lessonId>`. `dirty` marks text not yet saved on the server;
 * `baseUpdatedAt` is the server version the text was edited from. Every key with the prefix (any
 * user's, and the per-course-and-lesson keys of earlier versions) is removed at sign-out.
 */
export interface NoteDraft {
  content: string;
  baseUpdatedAt: string | null;
  dirty: boolean;
  /** When this device last changed the text (ISO). */
  editedAt: string;
}

export interface DraftRef {
  userId: string;
  courseId: string;
  lessonId: string;
}

const PREFIX = "lessonNotes:";

export const draftKey = ({ userId, courseId, lessonId }: DraftRef) => `${PREFIX}${userId}:${courseId}:${lessonId}`;

function isDraft(value: unknown): value is NoteDraft {
  if (typeof value !== "object" || value === null) return false;
  const draft = value as Record<string, unknown>;
  return (
    typeof draft.content === "string" &&
    (draft.baseUpdatedAt === null || typeof draft.baseUpdatedAt === "string") &&
    typeof draft.dirty === "boolean" &&
    typeof draft.editedAt === "string"
  );
}

export function readDraft(ref: DraftRef): NoteDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(ref));
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** A clean empty draft says nothing the server does not: it is removed instead of kept. */
export function writeDraft(ref: DraftRef, draft: NoteDraft): void {
  try {
    if (!draft.dirty && draft.content === "") localStorage.removeItem(draftKey(ref));
    else localStorage.setItem(draftKey(ref), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the editor still holds the text and the server save goes on.
  }
}

function noteKeys(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/** The user's drafts with text not yet on the server. */
export function dirtyDrafts(userId: string): DraftRef[] {
  try {
    return noteKeys()
      .map((key) => key.slice(PREFIX.length).split(":"))
      .filter((parts) => parts.length === 3 && parts[0] === userId)
      .map(([user, courseId, lessonId]) => ({ userId: user, courseId, lessonId }))
      .filter((ref) => readDraft(ref)?.dirty === true);
  } catch {
    return [];
  }
}

/** Removes every user's notes from this browser (sign-out on a shared browser). */
export function clearAllDrafts(): void {
  try {
    for (const key of noteKeys()) localStorage.removeItem(key);
  } catch {}
}
