import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerFairTurns } from "../src/http/fair-turns.js";
import { createTestApp, type TestContext } from "./support/app.js";

const BUSY = 30;
const NEWCOMERS = 20;
/** What a costly answer spends on the event loop (a gradebook page costs about this much). */
const COSTLY_MS = 0.5;

let t: TestContext;
let appPort: number;
let costly: FastifyInstance;
let costlyPort: number;
/** The costly server's requests, weakly held, while a test records them. */
let started: WeakRef<object>[] | null = null;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  appPort = (t.app.server.address() as AddressInfo).port;
  // The hook alone in front of an answer that holds the loop, with no database to wait on.
  costly = Fastify();
  registerFairTurns(costly);
  costly.addHook("onRequest", (request, _reply, done) => {
    started?.push(new WeakRef(request));
    done();
  });
  costly.get("/costly", () => {
    const until = performance.now() + COSTLY_MS;
    while (performance.now() < until);
    return "done";
  });
  await costly.listen({ port: 0, host: "127.0.0.1" });
  costlyPort = (costly.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await costly.close();
  await t.close();
});

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: lms.test\r\n\r\n`;
const COSTLY = request("/costly");
// The app's answer that needs no database, so that no dialect waits on I/O between requests: tens of µs.
const CHEAP = request("/api/no-such-route");

/** A keep-alive connection that calls `onAnswer` for each answer it reads (one per status line). */
function connection(port: number, onAnswer: (socket: Socket) => void) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
    socket.on("data", (chunk: Buffer) => {
      for (const _ of chunk.toString().matchAll(/HTTP\/1\.1 \d{3}/g)) onAnswer(socket);
    });
  });
}

/** BUSY keep-alive connections asking `what` again as soon as answered, until `stop()`; `answers()` counts. */
async function keepBusy(port: number, what: string) {
  let answers = 0;
  let stopped = false;
  const sockets = await Promise.all(
    Array.from({ length: BUSY }, () =>
      connection(port, (socket) => {
        answers += 1;
        if (!stopped) socket.write(what);
      }),
    ),
  );
  for (const socket of sockets) socket.write(what);
  while (answers < BUSY * 10) await new Promise((resolve) => setImmediate(resolve));
  return {
    answers: () => answers,
    stop() {
      stopped = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe("requests take turns", () => {
  it("answers connections that arrive while the server is busy after a fair share, not after the busy ones", async () => {
    const busy = await keepBusy(costlyPort, COSTLY);
    // Each newcomer notes how many answers the busy connections had had when its own came.
    const before = busy.answers();
    const waitedFor: number[] = [];
    const newcomers = await Promise.all(
      Array.from({ length: NEWCOMERS }, () => connection(costlyPort, () => waitedFor.push(busy.answers() - before))),
    );
    for (const socket of newcomers) socket.write(COSTLY);
    while (waitedFor.length < NEWCOMERS) await new Promise((resolve) => setImmediate(resolve));
    busy.stop();
    for (const socket of newcomers) socket.destroy();

    // Taking turns, a newcomer waits about one answer per connection ahead of it (50 in all);
    // without, each newcomer is accepted a whole round of the busy connections later (hundreds).
    expect(Math.max(...waitedFor)).toBeLessThan((BUSY + NEWCOMERS) * 2);
  });

  it("starts several cheap requests in one turn of the event loop, not one a turn", async () => {
    const busy = await keepBusy(appPort, CHEAP);
    // This test runs in the server's process: a callback that reschedules itself counts the turns.
    const from = busy.answers();
    let turns = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        turns += 1;
        if (turns < 200) setImmediate(tick);
        else resolve();
      };
      setImmediate(tick);
    });
    const answered = busy.answers() - from;
    busy.stop();

    // A 404 costs tens of µs: a millisecond's turn holds several; one a turn would answer at most one a turn.
    expect(answered).toBeGreaterThan(turns * 1.5);
  });

  it("lets go of the requests it has started while a load that never lets up goes on", async () => {
    setFlagsFromString("--expose-gc");
    const collect = runInNewContext("gc") as () => void;
    started = [];
    const busy = await keepBusy(costlyPort, COSTLY);
    // Costly answers from 30 connections keep requests waiting at every turn: the queue is never empty.
    const first = started.slice(0, 500);
    const from = busy.answers();
    while (busy.answers() - from < 3_000) await new Promise((resolve) => setImmediate(resolve));
    collect();
    const kept = first.filter((request) => request.deref() !== undefined).length;
    busy.stop();
    started = null;

    // Answered long ago, none of them is needed: before, the queue held all 500 (5 KB each) until the load stopped.
    expect(kept).toBeLessThan(50);
  });
});
