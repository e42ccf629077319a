import { afterAll, describe, expect, it } from "vitest";
import { switchLanguage } from "@/i18n/i18n";
import { formatPercent } from "./format";

describe("formatPercent", () => {
  afterAll(() => switchLanguage("en"));

  it("writes a percentage the interface language's way, with at most one decimal", async () => {
    await switchLanguage("en");
    expect(formatPercent(88.888)).toBe("88.9%");
    expect(formatPercent(29)).toBe("29%");
    await switchLanguage("fr");
    expect(formatPercent(88.888)).toMatch(/^88,9\s%$/);
    await switchLanguage("de");
    expect(formatPercent(29)).toMatch(/^29\s%$/);
  });

  it("signs rises when asked, never zero", async () => {
    await switchLanguage("en");
    expect(formatPercent(12.5, { signed: true })).toBe("+12.5%");
    expect(formatPercent(-50, { signed: true })).toBe("-50%");
    expect(formatPercent(0, { signed: true })).toBe("0%");
  });
});
