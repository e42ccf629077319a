import { describe, expect, it } from "vitest";
import { occupancy, slotKey } from "./occupancy";

const booking = (id: string, time: string, duration: number) => ({ id, title: id, day: "2026-11-24", time, duration });

describe("occupancy", () => {
  it("covers every half hour a booking spans, marking where it begins", () => {
    const cells = occupancy([booking("a", "10:00", 90)]);
    expect([...cells.keys()]).toEqual([
      slotKey("2026-11-24", "10:00"),
      slotKey("2026-11-24", "10:30"),
      slotKey("2026-11-24", "11:00"),
    ]);
    expect(cells.get(slotKey("2026-11-24", "10:00"))?.first).toBe(true);
    expect(cells.get(slotKey("2026-11-24", "10:30"))?.first).toBe(false);
  });

  it("places bookings off the half-hour grid in the cells they touch, and clips to 09:00–20:30", () => {
    expect([...occupancy([booking("b", "10:15", 30)]).keys()]).toEqual([
      slotKey("2026-11-24", "10:00"),
      slotKey("2026-11-24", "10:30"),
    ]);
    expect([...occupancy([booking("c", "08:00", 90)]).keys()]).toEqual([slotKey("2026-11-24", "09:00")]);
    expect([...occupancy([booking("d", "20:30", 120)]).keys()]).toEqual([slotKey("2026-11-24", "20:30")]);
    expect(occupancy([booking("e", "21:00", 60)]).size).toBe(0);
  });

  it("keeps the first booking of a cell when two overlap", () => {
    const cells = occupancy([booking("first", "10:00", 60), booking("second", "10:30", 60)]);
    expect(cells.get(slotKey("2026-11-24", "10:30"))?.booking.id).toBe("first");
    expect(cells.get(slotKey("2026-11-24", "11:00"))?.booking.id).toBe("second");
  });
});
