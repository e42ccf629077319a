import { SESSION_SLOTS, SESSION_TIME_SLOTS } from "@lms/contract";
import type { Day } from "./week";

export interface Booking {
  id: string;
  title: string;
  /** Where it starts on the calendar's clocks. */
  day: Day;
  time: string;
  duration: number;
}

export interface Occupant {
  booking: Booking;
  /** The cell where the booking's block begins (its title shows there). */
  first: boolean;
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(":").map(Number);
  return h * 60 + m;
};
const FIRST_SLOT = minutesOf(SESSION_SLOTS.first);
const STEP = SESSION_SLOTS.stepMinutes;

export const slotKey = (day: Day, time: string) => `${day} ${time}`;

/** Which half-hour cells of the calendar each booking covers; the part outside 09:00–20:30 is not shown. */
export function occupancy(bookings: readonly Booking[]): Map<string, Occupant> {
  const cells = new Map<string, Occupant>();
  for (const booking of bookings) {
    const start = minutesOf(booking.time);
    const firstIndex = Math.floor((start - FIRST_SLOT) / STEP);
    const lastIndex = Math.ceil((start + booking.duration - FIRST_SLOT) / STEP) - 1;
    let first = true;
    for (let index = Math.max(firstIndex, 0); index <= Math.min(lastIndex, SESSION_TIME_SLOTS.length - 1); index++) {
      const key = slotKey(booking.day, SESSION_TIME_SLOTS[index]);
      if (!cells.has(key)) cells.set(key, { booking, first });
      first = false;
    }
  }
  return cells;
}
