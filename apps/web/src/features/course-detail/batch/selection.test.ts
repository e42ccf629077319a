import { describe, expect, it } from "vitest";
import { allPicked, isFull, SELECTION_MAX, type Selection, toggle, togglePage, without } from "./selection";

const user = (n: number) => ({ _id: `id-${n}`, name: `User ${n}` });
const pageOf = (from: number, count: number) => Array.from({ length: count }, (_, i) => user(from + i));
const none: Selection = new Map();

describe("Batch selection", () => {
  it("toggles one user in and out, keeping their name, without changing the old selection", () => {
    const one = toggle(none, user(1));
    expect([...one]).toEqual([["id-1", "User 1"]]);
    expect(none.size).toBe(0);
    expect(toggle(one, user(1)).size).toBe(0);
  });

  it("keeps users picked on one page while others are picked on the next", () => {
    const first = pageOf(1, 10);
    const second = pageOf(11, 10);
    let selection = toggle(none, first[2]);
    selection = toggle(selection, second[4]);
    selection = toggle(selection, second[7]);
    expect([...selection.keys()]).toEqual(["id-3", "id-15", "id-18"]);
    expect(allPicked(selection, first)).toBe(false);
  });

  it("picks a whole page, and unpicks it only when every user of it was picked", () => {
    const page = pageOf(1, 3);
    const partly = toggle(none, page[0]);
    const all = togglePage(partly, page);
    expect(allPicked(all, page)).toBe(true);
    expect(all.size).toBe(3);
    const elsewhere = toggle(all, user(99));
    expect([...togglePage(elsewhere, page).keys()]).toEqual(["id-99"]);
    expect(allPicked(none, [])).toBe(false);
  });

  it("stops at the api's batch limit", () => {
    const full = togglePage(none, pageOf(1, SELECTION_MAX + 5));
    expect(full.size).toBe(SELECTION_MAX);
    expect(isFull(full)).toBe(true);
    expect(toggle(full, user(10_000)).size).toBe(SELECTION_MAX);
    expect(toggle(full, user(1)).size).toBe(SELECTION_MAX - 1);
  });

  it("drops the users that were added", () => {
    const selection = togglePage(none, pageOf(1, 4));
    expect([...without(selection, ["id-2", "id-4", "unknown"]).keys()]).toEqual(["id-1", "id-3"]);
  });
});
