import { afterEach, describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatSlot,
  formatTime,
  setPreferredTimeZone,
  viewerTimeZone,
  zoneAbbreviation,
} from "./datetime";

// 15:00 in Kolkata (UTC+5:30) on a winter day, when New York keeps standard time.
const INSTANT = "2026-11-24T09:30:00.000Z";

describe("times name their zone", () => {
  it("shows the instant on the clocks of UTC", () => {
    expect(formatTime(INSTANT, "UTC")).toBe("09:30 UTC");
    expect(formatDateTime(INSTANT, "UTC")).toBe("Tue, Nov 24, 2026, 09:30 UTC");
  });

  it("shows the same instant on the clocks of Asia/Kolkata", () => {
    expect(formatTime(INSTANT, "Asia/Kolkata")).toBe("15:00 GMT+5:30");
    expect(formatDateTime(INSTANT, "Asia/Kolkata")).toBe("Tue, Nov 24, 2026, 15:00 GMT+5:30");
  });

  it("uses the zone's abbreviation where it has one", () => {
    expect(formatTime(INSTANT, "America/New_York")).toBe("04:30 EST");
    expect(formatTime("2026-07-01T09:30:00.000Z", "America/New_York")).toBe("05:30 EDT");
  });

  it("uses the 24-hour clock", () => {
    expect(formatTime("2026-11-24T21:05:00.000Z", "UTC")).toBe("21:05 UTC");
    expect(formatTime("2026-11-24T00:00:00.000Z", "UTC")).toBe("00:00 UTC");
  });

  it("shows a near slot without the year", () => {
    expect(formatSlot(INSTANT, "Europe/Berlin")).toBe("Tue, Nov 24, 10:30 GMT+1");
  });

  it("takes Date objects as well as ISO strings", () => {
    expect(formatTime(new Date(INSTANT), "UTC")).toBe("09:30 UTC");
  });

  it("names a zone at an instant", () => {
    expect(zoneAbbreviation(INSTANT, "UTC")).toBe("UTC");
    expect(zoneAbbreviation(INSTANT, "Asia/Kolkata")).toBe("GMT+5:30");
    expect(zoneAbbreviation(INSTANT, "America/New_York")).toBe("EST");
  });
});

describe("dates without a time carry no zone", () => {
  it("shows the day on the zone's calendar", () => {
    expect(formatDate(INSTANT, "UTC")).toBe("Nov 24, 2026");
    // 21:00 UTC is already the next day in Kolkata.
    expect(formatDate("2026-11-03T21:00:00.000Z", "UTC")).toBe("Nov 3, 2026");
    expect(formatDate("2026-11-03T21:00:00.000Z", "Asia/Kolkata")).toBe("Nov 4, 2026");
    expect(formatDay(INSTANT, "UTC")).toBe("Tue, Nov 24, 2026");
  });

  it("names no zone", () => {
    expect(formatDate(INSTANT, "America/New_York")).not.toMatch(/EST|GMT|UTC/);
    expect(formatDay(INSTANT, "America/New_York")).not.toMatch(/EST|GMT|UTC/);
  });
});

describe("the preferred time zone", () => {
  afterEach(() => setPreferredTimeZone(null));

  it("formats every time without an explicit zone in the zone chosen in the preferences", () => {
    const instant = "2026-11-24T09:30:00.000Z";
    setPreferredTimeZone("Asia/Tokyo");
    expect(formatTime(instant)).toBe("18:30 GMT+9");
    expect(viewerTimeZone()).toBe("Asia/Tokyo");
    expect(formatTime(instant, "UTC")).toBe("09:30 UTC");
    setPreferredTimeZone("America/New_York");
    expect(formatDateTime(instant)).toBe("Tue, Nov 24, 2026, 04:30 EST");
  });
});
