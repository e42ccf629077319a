import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";

let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

// An answer that needs no database, so that no dialect waits on I/O between requests.
const REQUEST = "GET /api/no-such-route HTTP/1.1\r\nHost: lms.test\r\n\r\n";
const BUSY = 30;
const NEWCOMERS = 20;

/** A keep-alive connection that calls `onAnswer` for each answer it reads (one per status line). */
function connection(onAnswer: (socket: Socket) => void) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
    socket.on("data", (chunk: Buffer) => {
      for (const _ of chunk.toString().matchAll(/HTTP\/1\.1 \d{3}/g)) onAnswer(socket);
    });
  });
}

describe("requests take turns", () => {
  it("answers connections that arrive while the server is busy after a fair share, not after the busy ones", async () => {
    let busyAnswers = 0;
    let stop = false;
    const busy = await Promise.all(
      Array.from({ length: BUSY }, () =>
        connection((socket) => {
          busyAnswers += 1;
          if (!stop) socket.write(REQUEST);
        }),
      ),
    );
    for (const socket of busy) socket.write(REQUEST);
    while (busyAnswers < BUSY * 10) await new Promise((resolve) => setImmediate(resolve));

    // Each newcomer notes how many answers the busy connections had had when its own came.
    const before = busyAnswers;
    const waitedFor: number[] = [];
    const newcomers = await Promise.all(
      Array.from({ length: NEWCOMERS }, () => connection(() => waitedFor.push(busyAnswers - before))),
    );
    for (const socket of newcomers) socket.write(REQUEST);
    while (waitedFor.length < NEWCOMERS) await new Promise((resolve) => setImmediate(resolve));
    stop = true;
    for (const socket of [...busy, ...newcomers]) socket.destroy();

    // Taking turns, a newcomer waits about one answer per connection ahead of it (50 in all);
    // without, each newcomer is accepted a whole round of the busy connections later (hundreds).
    expect(Math.max(...waitedFor)).toBeLessThan((BUSY + NEWCOMERS) * 2);
  });

  it("starts several cheap requests in one turn of the event loop, not one a turn", async () => {
    let answers = 0;
    let stop = false;
    const busy = await Promise.all(
      Array.from({ length: BUSY }, () =>
        connection((socket) => {
          answers += 1;
          if (!stop) socket.write(REQUEST);
        }),
      ),
    );
    for (const socket of busy) socket.write(REQUEST);
    while (answers < BUSY * 10) await new Promise((resolve) => setImmediate(resolve));

    // This test runs in the server's process: a callback that reschedules itself counts the turns.
    const from = answers;
    let turns = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        turns += 1;
        if (turns < 200) setImmediate(tick);
        else resolve();
      };
      setImmediate(tick);
    });
    const answered = answers - from;
    stop = true;
    for (const socket of busy) socket.destroy();

    // A 404 costs tens of µs: a millisecond's turn holds several; one a turn would answer at most one a turn.
    expect(answered).toBeGreaterThan(turns * 1.5);
  });
});
