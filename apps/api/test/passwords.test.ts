import { availableParallelism } from "node:os";
import { MESSAGES } from "@lms/contract";
import { afterEach, describe, expect, it } from "vitest";
import {
  HASHES_AT_ONCE,
  hashPassword,
  setHashQueueLimit,
  verifyPassword,
  withHashSlot,
} from "../src/auth/passwords.js";
import { AppError } from "../src/http/errors.js";

describe("password hashing", () => {
  it("verifies the password it hashed and nothing else; a malformed hash verifies nothing", async () => {
    const stored = await hashPassword("Secret123");
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored, "Secret123")).toBe(true);
    expect(await verifyPassword(stored, "Secret124")).toBe(false);
    expect(await verifyPassword("!invited", "Secret123")).toBe(false);
  });

  it("hashes on at most half the cores at once, queues the rest in order, and a failed hash frees its slot", async () => {
    expect(HASHES_AT_ONCE).toBe(Math.max(1, Math.floor(availableParallelism() / 2)));
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = (n: number) =>
      withHashSlot(async () => {
        started.push(n);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (n % 3 === 0) throw new Error(`hash ${n} failed`);
        return n;
      });
    const count = HASHES_AT_ONCE * 4 + 1;
    const results = await Promise.allSettled(Array.from({ length: count }, (_, n) => work(n)));
    expect(most).toBe(HASHES_AT_ONCE);
    expect(started).toEqual(Array.from({ length: count }, (_, n) => n));
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(Math.ceil(count / 3));
    // Every slot came back: as many as allowed start at once again.
    running = 0;
    most = 0;
    await Promise.all(Array.from({ length: HASHES_AT_ONCE }, (_, n) => work(n * 3 + 1)));
    expect(most).toBe(HASHES_AT_ONCE);
  });
});

describe("the password-hash queue", () => {
  afterEach(() => setHashQueueLimit(64));

  it("refuses at once with 503 and Retry-After when every slot is taken and the queue is full", async () => {
    setHashQueueLimit(2);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: HASHES_AT_ONCE + 2 }, () => withHashSlot(() => held));
    const refused = await withHashSlot(async () => "ran").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, message: MESSAGES.serverBusy.text, retryAfterSeconds: 2 });
    release();
    await Promise.all(holders);
    // With the queue empty again the next hash runs.
    expect(await withHashSlot(async () => "ran")).toBe("ran");
  });
});
