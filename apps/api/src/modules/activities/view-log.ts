import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { logActivities, type NewActivity } from "./repo.js";

const FLUSH_EVERY_MS = 1000;
/** Past this many waiting entries a flush starts at once, so a burst never holds unbounded memory. */
const MAX_WAITING = 5000;
/** Rows per insert: about 14 bound values each, well under SQLite's and PostgreSQL's limits. */
const ROWS_PER_INSERT = 1000;

/**
 * One insert; if it fails because a user or course went in the meantime (their foreign keys), the
 * entries of the vanished ones keep no reference, as a delete does to entries already written.
 */
async function writeBatch(db: Kysely<Database>, batch: NewActivity[]): Promise<void> {
  try {
    await logActivities(db, batch);
  } catch {
    const ids = (list: (string | null | undefined)[]) => [...new Set(list.filter((id): id is string => Boolean(id)))];
    const userIds = ids(batch.map((e) => e.userId));
    const courseIds = ids(batch.map((e) => e.courseId));
    const [users, courses] = await Promise.all([
      userIds.length ? db.selectFrom("users").select("id").where("id", "in", userIds).execute() : [],
      courseIds.length ? db.selectFrom("courses").select("id").where("id", "in", courseIds).execute() : [],
    ]);
    const liveUsers = new Set(users.map((u) => u.id));
    const liveCourses = new Set(courses.map((c) => c.id));
    await logActivities(
      db,
      batch.map((e) => ({
        ...e,
        userId: e.userId && liveUsers.has(e.userId) ? e.userId : null,
        courseId: e.courseId && liveCourses.has(e.courseId) ? e.courseId : undefined,
      })),
    );
  }
}

export interface ViewLog {
  /** Queues a view entry; it is written with the next flush, at the time given here. */
  add(entry: Omit<NewActivity, "createdAt">): void;
  /** Writes every waiting entry in one multi-row insert. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is waiting (on shutdown). */
  close(): Promise<void>;
}

/**
 * View entries (a course's detail opened) are hot-path writes: one insert per read cut the detail's
 * throughput by more than half. They wait in memory and go to the database once a second in one
 * statement, with the names and titles copied in by that insert, so a crash loses at most the last
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
      .then(async () => {
        for (let i = 0; i < batch.length; i += ROWS_PER_INSERT) {
          await writeBatch(db, batch.slice(i, i + ROWS_PER_INSERT));
        }
      })
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
