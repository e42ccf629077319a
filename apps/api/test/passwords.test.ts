import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { HASHES_AT_ONCE, hashPassword, verifyPassword, withHashSlot } from "../src/auth/passwords.js";

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
