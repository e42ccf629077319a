import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearAllDrafts, type DraftRef, dirtyDrafts, readDraft, writeDraft } from "@/lib/notes/drafts";
import { syncDirtyDrafts, syncDraft } from "./note-sync";

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key = (index: number) => [...this.items.keys()][index] ?? null;
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The notes api of one user: saves land only on the version they name, as on the server. */
function fakeNotesServer() {
  const notes = new Map<string, { content: string; updatedAt: string }>();
  let clock = 0;
  let online = true;
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (!online) throw new TypeError("Failed to fetch");
    const lessonId = url.split("/")[5];
    const stored = notes.get(lessonId);
    const note = () => ({ lessonId, content: stored?.content ?? "", updatedAt: stored?.updatedAt ?? null });
    const { content, baseUpdatedAt } = JSON.parse(String(init.body));
    if ((stored?.updatedAt ?? null) !== baseUpdatedAt) {
      return json(409, { success: false, message: "changed", data: { note: note() } });
    }
    const updatedAt = new Date(Date.UTC(2026, 10, 23, 10, 0, ++clock)).toISOString();
    if (content === "") notes.delete(lessonId);
    else notes.set(lessonId, { content, updatedAt });
    return json(200, { success: true, data: { note: { lessonId, content, updatedAt: content ? updatedAt : null } } });
  });
  return {
    fetchMock,
    notes,
    setOnline: (value: boolean) => {
      online = value;
    },
    /** Another device saves. */
    saveElsewhere(lessonId: string, content: string) {
      notes.set(lessonId, { content, updatedAt: new Date(Date.UTC(2026, 10, 23, 10, 0, ++clock)).toISOString() });
    },
  };
}

const ref: DraftRef = { userId: "a".repeat(24), courseId: "c".repeat(24), lessonId: "1".repeat(24) };
const typed = (content: string, baseUpdatedAt: string | null, editedAt = "2026-11-23T09:00:00.000Z") =>
  writeDraft(ref, { content, baseUpdatedAt, dirty: true, editedAt });

let server: ReturnType<typeof fakeNotesServer>;
beforeEach(() => {
  vi.stubGlobal("localStorage", new MemoryStorage());
  server = fakeNotesServer();
  vi.stubGlobal("fetch", server.fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("note sync", () => {
  it("keeps text typed offline on this device and saves it when the connection returns", async () => {
    server.setOnline(false);
    typed("Typed on the train", null);
    expect(await syncDraft(ref)).toEqual({ state: "offline" });
    expect(readDraft(ref)).toMatchObject({ content: "Typed on the train", dirty: true });
    expect(dirtyDrafts(ref.userId)).toEqual([ref]);

    server.setOnline(true);
    expect(await syncDirtyDrafts(ref.userId)).toBe(1);
    expect(server.notes.get(ref.lessonId)?.content).toBe("Typed on the train");
    expect(readDraft(ref)).toMatchObject({ dirty: false, baseUpdatedAt: server.notes.get(ref.lessonId)?.updatedAt });
    expect(dirtyDrafts(ref.userId)).toEqual([]);
  });

  it("on a conflict saves both texts, the newer first, and ends clean on the server's new version", async () => {
    server.saveElsewhere(ref.lessonId, "From the phone");
    const phoneVersion = server.notes.get(ref.lessonId)?.updatedAt ?? "";
    // Edited offline from an older (empty) version, before the phone saved.
    typed("From the laptop", null, "2026-11-23T09:00:00.000Z");
    const outcome = await syncDraft(ref);
    expect(outcome).toMatchObject({ state: "saved", merged: true });
    const saved = server.notes.get(ref.lessonId);
    expect(saved?.content.startsWith("From the phone\n\n-----")).toBe(true);
    expect(saved?.content.endsWith("From the laptop")).toBe(true);
    expect((saved?.updatedAt ?? "") > phoneVersion).toBe(true);
    expect(readDraft(ref)).toMatchObject({ content: saved?.content, baseUpdatedAt: saved?.updatedAt, dirty: false });
  });

  it("adopts the server copy without a marker when it already holds this device's text", async () => {
    server.saveElsewhere(ref.lessonId, "Same words, and more");
    typed("Same words", null);
    expect(await syncDraft(ref)).toMatchObject({ state: "saved", merged: false });
    expect(readDraft(ref)).toMatchObject({ content: "Same words, and more", dirty: false });
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
  });

  it("saves one note's calls one after the other, so two savers of the same text never conflict", async () => {
    typed("Once", null);
    const [first, second] = await Promise.all([syncDraft(ref), syncDraft(ref)]);
    expect(first).toMatchObject({ state: "saved" });
    expect(second).toEqual({ state: "clean" });
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
  });

  it("sign-out clears every user's note copies, including the old per-lesson keys", () => {
    typed("Mine", null);
    writeDraft(
      { ...ref, userId: "b".repeat(24) },
      { content: "Theirs", baseUpdatedAt: null, dirty: false, editedAt: "" },
    );
    localStorage.setItem(`lessonNotes:${ref.courseId}:${ref.lessonId}`, "from before notes were per user");
    localStorage.setItem("theme", "dark");
    clearAllDrafts();
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem("theme")).toBe("dark");
  });
});
