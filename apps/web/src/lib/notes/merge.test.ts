import { describe, expect, it } from "vitest";
import { conflictMarker, resolveNoteConflict } from "./merge";

const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, "0")}:00.000Z`;

describe("resolveNoteConflict", () => {
  it("keeps identical texts as they are", () => {
    expect(resolveNoteConflict({ content: "same", changedAt: at(1) }, { content: "same", changedAt: at(2) })).toEqual({
      content: "same",
      merged: false,
    });
  });

  it("keeps the text that already holds the other, or the non-empty one", () => {
    const local = { content: "Intro\nMore from this device", changedAt: at(1) };
    expect(resolveNoteConflict(local, { content: "Intro", changedAt: at(5) })).toEqual({
      content: local.content,
      merged: false,
    });
    expect(
      resolveNoteConflict({ content: "Intro", changedAt: at(9) }, { content: local.content, changedAt: at(5) }),
    ).toEqual({ content: local.content, merged: false });
    // Deleted on the other device: this device's text is kept.
    expect(resolveNoteConflict({ content: "Mine", changedAt: at(1) }, { content: "", changedAt: null })).toEqual({
      content: "Mine",
      merged: false,
    });
    // Emptied here, written there: the written text is kept.
    expect(resolveNoteConflict({ content: "", changedAt: at(9) }, { content: "Theirs", changedAt: at(1) })).toEqual({
      content: "Theirs",
      merged: false,
    });
  });

  it("puts the newer text first and keeps the older under a marker", () => {
    const offline = { content: "Typed offline at 10:01", changedAt: at(1) };
    const phone = { content: "Saved on the phone at 10:05", changedAt: at(5) };
    const olderHere = resolveNoteConflict(offline, phone);
    expect(olderHere.merged).toBe(true);
    expect(olderHere.content).toBe(`${phone.content}\n\n${conflictMarker("device", at(1))}\n${offline.content}`);

    const newerHere = resolveNoteConflict({ ...offline, changedAt: at(9) }, phone);
    expect(newerHere.content).toBe(`${offline.content}\n\n${conflictMarker("server", at(5))}\n${phone.content}`);
    // Neither text is lost.
    for (const { content } of [olderHere, newerHere]) {
      expect(content).toContain(offline.content);
      expect(content).toContain(phone.content);
    }
  });

  it("does not add a second marker when the merged text meets its own parts again", () => {
    const first = resolveNoteConflict({ content: "A", changedAt: at(1) }, { content: "B", changedAt: at(2) });
    expect(
      resolveNoteConflict({ content: first.content, changedAt: at(3) }, { content: "B", changedAt: at(2) }),
    ).toEqual({
      content: first.content,
      merged: false,
    });
  });
});
