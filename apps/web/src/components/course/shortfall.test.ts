import { describe, expect, it } from "vitest";
import { shortfallMessage } from "./shortfall";

describe("shortfall message", () => {
  it("says how many credits are missing", () => {
    expect(shortfallMessage(25, 0)).toBe("Insufficient credits to enroll in this course. You need 25 more credits.");
    expect(shortfallMessage(25, 24)).toBe("Insufficient credits to enroll in this course. You need 1 more credit.");
  });

  it("says nothing when the balance covers the price exactly or more", () => {
    expect(shortfallMessage(25, 25)).toBeNull();
    expect(shortfallMessage(0, 0)).toBeNull();
  });
});
