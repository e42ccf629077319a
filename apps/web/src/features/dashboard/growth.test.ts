import { describe, expect, it } from "vitest";
import { formatGrowth } from "./growth";

describe("formatGrowth", () => {
  it("signs rises, keeps falls and zero as they are", () => {
    expect(formatGrowth(12.5)).toBe("+12.5%");
    expect(formatGrowth(-50)).toBe("-50%");
    expect(formatGrowth(0)).toBe("0%");
  });
});
