import type { FastifyInstance } from "fastify";

/** About how long one turn of the event loop may spend starting requests. */
const TURN_MS = 1;
const MOST_STARTS_PER_TURN = 16;
/** The queue drops the slots of started requests once this many have gone and they are half of it. */
const COMPACT_AFTER = 1024;

/**
 * Requests take turns: each turn of the event loop starts requests, in arrival order, until it
 * has spent about a millisecond; the others wait for the next turn.
 *
 * Why: libuv accepts one new connection per turn of the loop (libuv#3696). A saturated server that
 * runs every ready request in the same turn makes each turn long (50 connections × a few ms), so a
 * connection waiting in the accept queue waits a turn per connection ahead of it: seconds, while
 * the connections already accepted are answered again and again (the gradebook at 50 connections: p99 21× p50). Short
 * turns let new connections be accepted as fast as requests are answered, and every request, old
 * connection or new, waits its place in one queue. A turn of one request each would cost the
 * cheapest answers (tens of µs) a quarter of their throughput in turns of the loop, hence a
 * millisecond's worth.
 *
 * Starting a request only lets Fastify go on; its work runs afterwards in promise callbacks. So the
 * time a turn has spent is read when the next request asks (the earlier ones' callbacks have run
 * by then), and the queue is drained at the turn's end by the number of requests a millisecond
 * held in recent turns.
 */
function createTurns() {
  const waiting: ((() => void) | undefined)[] = [];
  let head = 0;
  let turnUnderWay = false;
  let turnStartedAt = 0;
  let startsThisTurn = 0;
  // What one started request has cost a turn lately (ms): up at once, down slowly.
  let costPerStart = TURN_MS;

  function begin(start: () => void) {
    startsThisTurn += 1;
    start();
  }

  function learnCost(now: number) {
    if (startsThisTurn === 0) return;
    const measured = (now - turnStartedAt) / startsThisTurn;
    costPerStart = measured > costPerStart ? measured : costPerStart * 0.75 + measured * 0.25;
  }

  function endTurn() {
    const now = performance.now();
    learnCost(now);
    turnStartedAt = now;
    startsThisTurn = 0;
    const share = Math.min(MOST_STARTS_PER_TURN, Math.max(1, Math.floor(TURN_MS / costPerStart)));
    while (startsThisTurn < share && head < waiting.length) {
      const start = waiting[head] as () => void;
      // Started requests leave the queue at once: under a load that never empties it, the queue was
      // never cut, and kept every request it had held (5 KB each) until the load stopped.
      waiting[head] = undefined;
      head += 1;
      begin(start);
    }
    if (head === waiting.length) {
      waiting.length = 0;
      head = 0;
      if (startsThisTurn === 0) {
        turnUnderWay = false;
        return;
      }
    } else if (head >= COMPACT_AFTER && head * 2 >= waiting.length) {
      waiting.splice(0, head);
      head = 0;
    }
    setImmediate(endTurn);
  }

  return {
    /** Calls `start` now if this turn has time left and no one waits, else in a later turn, in arrival order. */
    take(start: () => void): void {
      if (!turnUnderWay) {
        turnUnderWay = true;
        turnStartedAt = performance.now();
        startsThisTurn = 0;
        setImmediate(endTurn);
        begin(start);
        return;
      }
      if (head === waiting.length && performance.now() - turnStartedAt < TURN_MS) {
        begin(start);
        return;
      }
      waiting.push(start);
    },
  };
}

/** Every request waits its turn before any other work (see createTurns). */
export function registerFairTurns(app: FastifyInstance): void {
  const turns = createTurns();
  app.addHook("onRequest", (_request, _reply, done) => turns.take(done));
}
