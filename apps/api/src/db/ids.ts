import { randomBytes } from "node:crypto";

// As in a MongoDB ObjectId: seconds, a random value fixed per process, and a counter, so the ids
// one process makes sort in the order it made them, even within one second.
const processValue = randomBytes(5).toString("hex");
let counter = randomBytes(3).readUIntBE(0, 3);

/** A 24-character lowercase hex id, time-ordered: seconds, per-process random, counter. */
export function newId(): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0");
  return seconds + processValue + counter.toString(16).padStart(6, "0");
}

export const nowIso = (): string => new Date().toISOString();
export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | boolean): boolean => Boolean(value);
