import { randomBytes } from "node:crypto";

let counter = randomBytes(3).readUIntBE(0, 3);

/** A 24-character lowercase hex id, time-ordered like a MongoDB ObjectId: seconds, random, counter. */
export function newId(): string {
  counter = (counter + 1) % 0xffffff;
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0");
  return seconds + randomBytes(5).toString("hex") + counter.toString(16).padStart(6, "0");
}

export const nowIso = (): string => new Date().toISOString();
export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | boolean): boolean => Boolean(value);
