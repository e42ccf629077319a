import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";

const IDLE_SECONDS = 1;
let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    env: { REQUEST_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS), REQUEST_TIMEOUT_SECONDS: "30" },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const open = () =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });

/** Milliseconds until the server closes the socket, or null when it is still open after `waitMs`. */
const closedWithin = (socket: Socket, waitMs: number, startedAt: number) =>
  new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(Date.now() - startedAt);
    });
  });

const headers = (length: number) =>
  "POST /api/auth/login HTTP/1.1\r\nHost: lms.test\r\nContent-Type: application/json\r\n" +
  `Content-Length: ${length}\r\n\r\n`;

describe("request timeouts", () => {
  it("closes a connection that sends headers and then no body", async () => {
    const socket = await open();
    socket.on("error", () => {});
    const startedAt = Date.now();
    socket.write(headers(100));
    const closedAfter = await closedWithin(socket, 5000, startedAt);
    socket.destroy();
    expect(closedAfter).not.toBeNull();
    expect(closedAfter).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 50);
  });

  it("lets a slow body through as long as it keeps moving", async () => {
    const body = JSON.stringify({ email: "slow@example.test", password: "Wrong-pass1" });
    const socket = await open();
    const startedAt = Date.now();
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString();
    });
    socket.write(headers(Buffer.byteLength(body)));
    // Four times the idle timeout in all, never quiet for more than 60% of it.
    const pieces = body.match(/.{1,6}/g) ?? [];
    const gap = (IDLE_SECONDS * 4000) / pieces.length;
    expect(gap).toBeLessThan(IDLE_SECONDS * 600);
    for (const piece of pieces) {
      await new Promise((resolve) => setTimeout(resolve, gap));
      socket.write(piece);
    }
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (answer.includes("\r\n\r\n{")) {
          clearInterval(check);
          resolve();
        }
      }, 10);
    });
    socket.destroy();
    expect(Date.now() - startedAt).toBeGreaterThan(IDLE_SECONDS * 3000);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });
});
