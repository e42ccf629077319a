import { describe, expect, it } from "vitest";
import { fitPage } from "./paging";

describe("fitPage", () => {
  it("keeps a page that still exists", () => {
    expect(fitPage(2, 3)).toBe(2);
    expect(fitPage(3, 3)).toBe(3);
  });

  it("moves to the last page when the list shrank under the shown one", () => {
    expect(fitPage(3, 2)).toBe(2);
  });

  it("stays on page 1 when nothing is left", () => {
    expect(fitPage(4, 0)).toBe(1);
    expect(fitPage(1, 0)).toBe(1);
  });
});
