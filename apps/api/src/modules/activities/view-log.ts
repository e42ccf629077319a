import { setImmediate } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { newId, nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import type { NewActivity } from "./repo.js";

const FLUSH_EVERY_MS = 1000;
/** Past this many waiting entries a flush starts at once, so a burst never holds unbounded memory. */
const MAX_WAITING = 5000;

/**
 * Rows per insert: 14 plain values each. SQLite runs an insert on the event loop's thread, so a
 * busy second's batch goes in short statements with the loop let go between them: five hundred
 * rows at once held every other request for 5 ms, and a batch's inserts back to back for far longer.
 */
const ROWS_PER_INSERT = 100;

const distinct = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((id): id is string => Boolean(id)))];

/**
 * The entries in plain multi-row inserts. The user's and course's names are read once per batch
 * (two `in` queries) rather than by five subqueries per row, which made a 400-row insert cost
 * ten times four 100-row ones; an entry whose user or course went in the meantime keeps no
 * reference, as a delete does to entries already written.
 */
async function writeBatch(db: Kysely<Database>, batch: NewActivity[]): Promise<void> {
  const userIds = distinct(batch.map((e) => e.userId));
  const courseIds = distinct(batch.map((e) => e.courseId));
  const [users, courses] = await Promise.all([
    userIds.length
      ? db.selectFrom("users").select(["id", "name", "email", "role"]).where("id", "in", userIds).execute()
      : [],
    courseIds.length
      ? db.selectFrom("courses").select(["id", "title", "course_code"]).where("id", "in", courseIds).execute()
      : [],
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const courseById = new Map(courses.map((c) => [c.id, c]));
  const rows = batch.map((entry) => {
    const user = entry.userId ? userById.get(entry.userId) : undefined;
    const course = entry.courseId ? courseById.get(entry.courseId) : undefined;
    return {
      id: newId(),
      user_id: user?.id ?? null,
      type: entry.type,
      title: entry.title,
      description: entry.description ?? null,
      course_id: course?.id ?? null,
      metadata: entry.metadata ? JSON.stringify(entry.metadata) : null,
      ip: entry.ip ?? null,
      user_name: user?.name ?? null,
      user_email: user?.email ?? null,
      user_role: user?.role ?? null,
      course_title: course?.title ?? null,
      course_code: course?.course_code ?? null,
      created_at: entry.createdAt ?? nowIso(),
    };
  });
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    if (i > 0) await setImmediate();
    await db
      .insertInto("activities")
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
}

export interface ViewLog {
  /** Queues a view entry; it is written with the next flush, at the time given here. */
  add(entry: Omit<NewActivity, "createdAt">): void;
  /** Writes every waiting entry, in multi-row inserts of up to 100 rows. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is waiting (on shutdown). */
  close(): Promise<void>;
}

/**
 * View entries (a course's detail opened) are hot-path writes: one insert per read cut the detail's
 * throughput by more than half. They wait in memory and go to the database once a second in a few
 * multi-row statements, with the names and titles as they are then, so a crash loses at most the last
 * second of view entries (never another kind of entry, which are written with their action).
 */
export function createViewLog({
  db,
  now,
  log,
  flushEveryMs = FLUSH_EVERY_MS,
}: {
  db: Kysely<Database>;
  now: () => Date;
  log: FastifyBaseLogger;
  flushEveryMs?: number;
}): ViewLog {
  let waiting: NewActivity[] = [];
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (waiting.length === 0) return writing;
    const batch = waiting;
    waiting = [];
    writing = writing
      .then(() => writeBatch(db, batch))
      .catch((error) => log.error({ err: error, entries: batch.length }, "view entries not written"));
    return writing;
  }

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    add(entry) {
      waiting.push({ ...entry, createdAt: now().toISOString() });
      if (waiting.length >= MAX_WAITING) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
