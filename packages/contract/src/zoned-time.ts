/** Date-times in named IANA zones, with the runtime's Intl data only (no zone library). */

const OFFSET = /(Z|[+-]\d{2}(:?\d{2})?)$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

/** True when an ISO date-time names its offset ("Z", "+01:00"), false for a wall-clock time. */
export const hasUtcOffset = (iso: string): boolean => OFFSET.test(iso);

/** How far the clocks of `timeZone` are ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant at which the clocks of `timeZone` show `local` ("2027-01-14T14:00"): 13:00Z for
 * Europe/Berlin in winter. A time skipped by a clock change moves forward by the change.
 */
export function instantInZone(local: string, timeZone: string): Date {
  const match = LOCAL.exec(local);
  if (!match) return new Date(Number.NaN);
  const [, y, mo, d, h, mi, s = "0", fraction = "0"] = match;
  const ms = Number(fraction.padEnd(3, "0").slice(0, 3));
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}

/** The instant an ISO date-time stands for; a wall-clock time is read in `timeZone`. */
export const instantOfInput = (iso: string, timeZone: string): Date =>
  hasUtcOffset(iso) ? new Date(iso) : instantInZone(iso, timeZone);
