import { DEFAULT_PREFERENCES, preferencesSchema } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { parseLocalPreferences } from "./preferences-store";

const cases: [string, unknown][] = [
  ["nothing stored", null],
  ["the defaults", DEFAULT_PREFERENCES],
  ["a partial object", { theme: "dark", language: "fr" }],
  [
    "every field set",
    { ...DEFAULT_PREFERENCES, timezone: "Asia/Tokyo", compactMode: true, profileVisibility: "private" },
  ],
  ["notifications changed", { notifications: { email: false, push: true, inApp: false } }],
  ["an unknown language", { language: "xx" }],
  ["an unknown theme", { theme: "blue" }],
  ["an unknown time zone", { timezone: "Mars/Olympus" }],
  ["a time zone that is not a string", { timezone: 3 }],
  ["compact mode as a string", { compactMode: "true" }],
  ["an unknown visibility", { profileVisibility: "friends" }],
  ["notifications missing a key", { notifications: { email: true, push: false } }],
  ["notifications with an extra key", { notifications: { email: true, push: false, inApp: true, sms: true } }],
  ["notifications as an array", { notifications: [true, false, true] }],
  ["notifications as null", { notifications: null }],
  ["an unknown top-level key", { fontSize: 14 }],
  ["an array", ["dark"]],
  ["a string", "dark"],
  ["a number", 7],
];

describe("parseLocalPreferences", () => {
  it.each(cases)("agrees with the contract's preferencesSchema on %s", (_name, stored) => {
    const merged =
      stored !== null && typeof stored === "object" && !Array.isArray(stored)
        ? { ...DEFAULT_PREFERENCES, ...stored }
        : (stored ?? DEFAULT_PREFERENCES);
    const expected = preferencesSchema.safeParse(merged);
    expect(parseLocalPreferences(stored)).toEqual(expected.success ? expected.data : null);
  });

  it("fills unset keys with the defaults", () => {
    expect(parseLocalPreferences({ theme: "dark" })).toEqual({ ...DEFAULT_PREFERENCES, theme: "dark" });
  });

  it("refuses a stored value that is not an object", () => {
    expect(parseLocalPreferences("dark")).toBeNull();
    expect(parseLocalPreferences([])).toBeNull();
  });
});
