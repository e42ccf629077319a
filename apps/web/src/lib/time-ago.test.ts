import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago";

describe("timeAgo", () => {
  const now = Date.parse("2026-06-17T12:00:00.000Z");
  it("names the largest whole unit", () => {
    expect(timeAgo("2026-06-17T11:59:30.000Z", now)).toBe("just now");
    expect(timeAgo("2026-06-17T11:55:00.000Z", now)).toBe("5 minutes ago");
    expect(timeAgo("2026-06-17T09:00:00.000Z", now)).toBe("3 hours ago");
    expect(timeAgo("2026-06-16T11:00:00.000Z", now)).toBe("yesterday");
    expect(timeAgo("2026-05-27T12:00:00.000Z", now)).toBe("3 weeks ago");
    expect(timeAgo("2024-06-17T12:00:00.000Z", now)).toBe("2 years ago");
  });
  it("treats a time a little ahead (clock skew) as just now", () => {
    expect(timeAgo("2026-06-17T12:00:05.000Z", now)).toBe("just now");
  });
});
