import type { FastifyInstance } from "fastify";

/**
 * Requests take turns: at most one starts per turn of the event loop, the others wait in arrival
 * order.
 *
 * Why: libuv accepts one new connection per turn of the loop (libuv#3696). A saturated server that
 * runs every ready request in the same turn makes each turn long (50 connections × a few ms), so a
 * connection waiting in the accept queue waits a turn per connection ahead of it: seconds, while
 * the connections already accepted are answered again and again (issue 26: p99 21× p50). One start
 * per turn keeps turns short, so new connections are accepted as fast as requests are answered
 * and every request, old connection or new, waits its place in one queue.
 */
function createTurns() {
  const waiting: (() => void)[] = [];
  let head = 0;
  // A request started in this turn of the loop; the next one waits for the next turn.
  let started = false;

  function nextTurn() {
    if (head === waiting.length) {
      started = false;
      waiting.length = 0;
      head = 0;
      return;
    }
    const start = waiting[head] as () => void;
    head += 1;
    setImmediate(nextTurn);
    start();
  }

  return {
    /** Calls `start` now if no request started in this turn, else in a later turn, in arrival order. */
    take(start: () => void): void {
      if (started) {
        waiting.push(start);
        return;
      }
      started = true;
      setImmediate(nextTurn);
      start();
    },
  };
}

/** Every request waits its turn before any other work (see createTurns). */
export function registerFairTurns(app: FastifyInstance): void {
  const turns = createTurns();
  app.addHook("onRequest", (_request, _reply, done) => turns.take(done));
}
