import { describe, expect, it } from "vitest";
import { addDaysTo, dayLabel, instantOf, todayIn, wallClockOf, weekDays, weekLabel, weekOf } from "./week";

describe("week helpers", () => {
  it("starts weeks on Monday", () => {
    expect(weekOf("2026-11-26")).toBe("2026-11-23");
    expect(weekOf("2026-11-23")).toBe("2026-11-23");
    expect(weekOf("2026-11-29")).toBe("2026-11-23");
    expect(weekDays("2026-11-23")).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
  });

  it("adds days across months and years", () => {
    expect(addDaysTo("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysTo("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("turns a wall-clock time in a zone into an instant and back", () => {
    expect(instantOf("2026-11-23", "10:00", "Asia/Kolkata").toISOString()).toBe("2026-11-23T04:30:00.000Z");
    expect(instantOf("2026-07-01", "09:30", "America/New_York").toISOString()).toBe("2026-07-01T13:30:00.000Z");
    expect(instantOf("2026-01-15", "20:30", "Australia/Sydney").toISOString()).toBe("2026-01-15T09:30:00.000Z");
    expect(wallClockOf("2026-11-23T04:30:00.000Z", "Asia/Kolkata")).toEqual({ day: "2026-11-23", time: "10:00" });
    expect(wallClockOf("2026-11-23T04:30:00.000Z", "America/Los_Angeles")).toEqual({
      day: "2026-11-22",
      time: "20:30",
    });
  });

  it("knows the date in another zone", () => {
    const now = new Date("2026-11-22T20:00:00.000Z");
    expect(todayIn("Asia/Tokyo", now)).toBe("2026-11-23");
    expect(todayIn("America/New_York", now)).toBe("2026-11-22");
  });

  it("labels days and weeks", () => {
    expect(dayLabel("2026-11-24")).toBe("Tue 24 Nov");
    expect(weekLabel("2026-11-23")).toBe("23 – 29 Nov 2026");
    expect(weekLabel("2026-12-28")).toBe("28 Dec – 3 Jan 2027");
  });
});
