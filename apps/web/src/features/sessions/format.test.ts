import { describe, expect, it } from "vitest";
import { formatMinutesSeconds } from "./format";

describe("formatMinutesSeconds", () => {
  it("shows minutes and two-digit seconds", () => {
    expect(formatMinutesSeconds(0)).toBe("0:00");
    expect(formatMinutesSeconds(7)).toBe("0:07");
    expect(formatMinutesSeconds(75)).toBe("1:15");
    expect(formatMinutesSeconds(3725)).toBe("62:05");
  });
});
