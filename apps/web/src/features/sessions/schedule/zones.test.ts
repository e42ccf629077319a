import { SESSION_TIMEZONES } from "@lms/contract";
import { describe, expect, it } from "vitest";
import { currentZoneName, timezoneOptions, yourTimeOf } from "./zones";

describe("timezone options", () => {
  it("keeps the spec's six zones first, Asia/Kolkata leading, and adds the instructor's own", () => {
    const options = timezoneOptions("Europe/Berlin", []);
    expect(options.map((o) => o.value)).toEqual([...SESSION_TIMEZONES, "Europe/Berlin"]);
    expect(options.at(-1)?.label).toBe("Europe/Berlin (your time zone)");
    expect(options[3].label).toBe("America/Los Angeles");
  });

  it("does not repeat the instructor's zone when it is one of the six", () => {
    const options = timezoneOptions("Asia/Tokyo", ["Asia/Tokyo", "Europe/Paris"]);
    expect(options.map((o) => o.value)).toEqual([...SESSION_TIMEZONES, "Europe/Paris"]);
    expect(options.find((o) => o.value === "Asia/Tokyo")?.label).toBe("Asia/Tokyo (your time zone)");
  });

  it("offers every IANA zone the browser knows, after the six and the instructor's own", () => {
    const values = timezoneOptions("Europe/Berlin").map((o) => o.value);
    expect(values.slice(0, 7)).toEqual([...SESSION_TIMEZONES, "Europe/Berlin"]);
    expect(values).toContain("Pacific/Auckland");
    expect(values).toContain("America/Sao_Paulo");
    expect(new Set(values).size).toBe(values.length);
  });
});

describe("zone names", () => {
  it("uses the current IANA name where the browser answers an old one, once in the list", () => {
    expect(currentZoneName("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(currentZoneName("Europe/Berlin")).toBe("Europe/Berlin");
    const values = timezoneOptions("Asia/Calcutta", ["Asia/Calcutta", "Asia/Kolkata", "Asia/Katmandu"]).map(
      (o) => o.value,
    );
    expect(values.filter((zone) => zone.includes("Kolkata") || zone.includes("Calcutta"))).toEqual(["Asia/Kolkata"]);
    expect(values).toContain("Asia/Kathmandu");
  });
});

describe("the planned slot on the instructor's clock", () => {
  it("converts the chosen zone's wall clock to the instructor's zone, naming it", () => {
    expect(yourTimeOf("2026-11-24", "15:00", "Asia/Kolkata", "Europe/Berlin")).toBe(
      "= Tue, Nov 24, 10:30 GMT+1 your time",
    );
    expect(yourTimeOf("2026-11-24", "10:00", "Asia/Kolkata", "America/New_York")).toBe(
      "= Mon, Nov 23, 23:30 EST your time",
    );
  });

  it("says nothing while the slot is incomplete or already in the instructor's zone", () => {
    expect(yourTimeOf("", "15:00", "Asia/Kolkata", "UTC")).toBeNull();
    expect(yourTimeOf("2026-11-24", "", "Asia/Kolkata", "UTC")).toBeNull();
    expect(yourTimeOf("2026-11-24", "15:00", "UTC", "UTC")).toBeNull();
  });
});
