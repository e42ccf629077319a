import { describe, expect, it } from "vitest";
import { clampPage, rotate, ZOOM_MAX, ZOOM_MIN, zoomIn, zoomOut } from "./pdf-controls";

describe("pdf controls", () => {
  it("zooms in 10% steps between 50% and 300%", () => {
    expect(zoomIn(100)).toBe(110);
    expect(zoomOut(100)).toBe(90);
    expect(zoomIn(ZOOM_MAX)).toBe(ZOOM_MAX);
    expect(zoomOut(ZOOM_MIN)).toBe(ZOOM_MIN);
  });

  it("rotates by 90 degrees and comes back round", () => {
    expect([90, 180, 270, 0].map((_, i, all) => all.slice(0, i + 1).reduce((d) => rotate(d), 0))).toEqual([
      90, 180, 270, 0,
    ]);
  });

  it("keeps the page within the document", () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(5, 3)).toBe(3);
    expect(clampPage(2, 3)).toBe(2);
  });
});
