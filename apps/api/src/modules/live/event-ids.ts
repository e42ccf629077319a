import { LIVE_EVENT_ID_PATTERN } from "@lms/contract";

/**
 * Event ids are Redis stream ids, `<milliseconds>-<sequence>`, in both modes: increasing per user,
 * and their time says how old the last event a client saw is.
 */
export function parseEventId(id: string): { ms: number; seq: number } | null {
  if (!LIVE_EVENT_ID_PATTERN.test(id)) return null;
  const [ms, seq] = id.split("-").map(Number);
  return { ms, seq };
}

/** Whether `a` comes after `b`; both must be valid ids. */
export function isAfter(a: string, b: string): boolean {
  const x = parseEventId(a);
  const y = parseEventId(b);
  if (!x || !y) return false;
  return x.ms !== y.ms ? x.ms > y.ms : x.seq > y.seq;
}

/** Ids of this process alone (no Redis): the clock's milliseconds, a sequence within the same one. */
export function createIdClock(now: () => number = Date.now) {
  let lastMs = 0;
  let seq = 0;
  return (): string => {
    const ms = Math.max(now(), lastMs);
    seq = ms === lastMs ? seq + 1 : 0;
    lastMs = ms;
    return `${ms}-${seq}`;
  };
}
