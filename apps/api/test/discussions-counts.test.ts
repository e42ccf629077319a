import { PostgresAdapter, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/db/ids.js";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

// The forum's stored counts (migration 053): the course's thread total and each member's unread
// count are kept with every write, and must always equal a count of the rows themselves.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_POLL_MS: "0", AUTH_RATE_LIMIT_MAX: "10000" } });
});
afterAll(() => t.close());

type Auth = Record<string, string>;
type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

async function forum() {
  const teacher = await makeSignedInUser(t.app, t.db, "instructor");
  const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
  const asker = await makeEnrolledLearner(t.app, t.db, course.id);
  const other = await makeEnrolledLearner(t.app, t.db, course.id);
  return { teacher, course, asker, other, base: `/api/courses/${course.id}/discussions` };
}

async function startThread(base: string, auth: Auth, fields: object = {}) {
  const response = await call("POST", base, auth, { title: "A question", body: "<p>Please explain</p>", ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data.thread as { _id: string })._id;
}

async function replyTo(base: string, threadId: string, auth: Auth) {
  const response = await call("POST", `${base}/${threadId}/replies`, auth, { body: "<p>An answer</p>" });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data.reply as { _id: string })._id;
}

/** What the list says: its total and the user's unread count, and the unread count's own route. */
async function listed(base: string, auth: Auth) {
  const list = (await call("GET", base, auth)).json().data;
  const unread = (await call("GET", `${base}/unread`, auth)).json().data.unreadCount;
  expect(list.unreadCount).toBe(unread);
  return { total: list.pagination.total as number, unread: unread as number };
}

/** The stored counts of a course for a user, straight from the tables migration 053 adds. */
async function stored(courseId: string, userId: string) {
  const course = await t.db
    .selectFrom("discussion_course_counts")
    .select("threads")
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  const read = await t.db
    .selectFrom("discussion_read_counts")
    .select("threads")
    .where("user_id", "=", userId)
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  return { threads: Number(course?.threads ?? 0), read: Number(read?.threads ?? 0) };
}

/** The unread count by reading every thread of the course, as the forum did before the stored counts. */
async function counted(courseId: string, userId: string) {
  const { rows } = await sql<{ n: number }>`select count(*) as n from discussion_threads t
    left join discussion_reads r on r.thread_id = t.id and r.user_id = ${userId}
    where t.course_id = ${courseId} and (r.read_at is null or r.read_at < t.last_activity_at)`.execute(t.db);
  return Number(rows[0]?.n);
}

async function expectCounts(
  courseId: string,
  base: string,
  who: { user: { id: string }; auth: Auth },
  total: number,
  unread: number,
) {
  expect(await listed(base, who.auth)).toEqual({ total, unread });
  expect(await counted(courseId, who.user.id)).toBe(unread);
  expect(await stored(courseId, who.user.id)).toEqual({ threads: total, read: total - unread });
}

describe("the forum's stored counts", () => {
  it("keep the thread total and each member's unread count right through posts, replies, reads, moderation and deletes", async () => {
    const { teacher, course, asker, other, base } = await forum();
    const first = await startThread(base, asker.auth);
    const second = await startThread(base, other.auth, { title: "Second" });
    await expectCounts(course.id, base, asker, 2, 1);
    await expectCounts(course.id, base, other, 2, 1);
    await expectCounts(course.id, base, teacher, 2, 2);

    await call("GET", `${base}/${second}`, asker.auth);
    await expectCounts(course.id, base, asker, 2, 0);
    // A second opening of a thread already read changes nothing.
    await call("GET", `${base}/${second}`, asker.auth);
    await expectCounts(course.id, base, asker, 2, 0);

    // A reply makes the thread unread for everyone who had read it, except its author.
    await replyTo(base, first, other.auth);
    await expectCounts(course.id, base, asker, 2, 1);
    await expectCounts(course.id, base, other, 2, 0);
    await expectCounts(course.id, base, teacher, 2, 2);

    // Pinning, locking and deleting a reply are no new activity.
    for (const [path, value] of [
      ["pinned", true],
      ["locked", true],
      ["locked", false],
    ] as const) {
      expect((await call("PUT", `${base}/${first}/${path}`, teacher.auth, { value })).statusCode).toBe(200);
    }
    const reply = await replyTo(base, second, teacher.auth);
    await expectCounts(course.id, base, other, 2, 1);
    expect((await call("DELETE", `${base}/${second}/replies/${reply}`, teacher.auth)).statusCode).toBe(200);
    await expectCounts(course.id, base, other, 2, 1);
    // The moderator's answers to pin and lock show the thread, which marks it read.
    await expectCounts(course.id, base, teacher, 2, 0);

    // Deleting a thread takes it off the total, and off the read count of those up to date on it.
    expect((await call("DELETE", `${base}/${first}`, teacher.auth)).statusCode).toBe(200);
    await expectCounts(course.id, base, asker, 1, 1);
    await expectCounts(course.id, base, other, 1, 1);
    await expectCounts(course.id, base, teacher, 1, 0);

    // A learner who joins later has every thread unread.
    const late = await makeEnrolledLearner(t.app, t.db, course.id);
    await expectCounts(course.id, base, late, 1, 1);
    await call("GET", `${base}/${second}`, late.auth);
    await expectCounts(course.id, base, late, 1, 0);
  });

  it("count threads and read marks written by any path, e.g. a bulk load, and never move a read mark backwards", async () => {
    const { course, asker, base } = await forum();
    const threadId = newId();
    const at = new Date().toISOString();
    await t.db
      .insertInto("discussion_threads")
      .values({
        id: threadId,
        course_id: course.id,
        author_id: null,
        type: "discussion",
        title: "Loaded in bulk",
        body: "<p>from an import</p>",
        pinned: 0,
        locked: 0,
        accepted_post_id: null,
        reply_count: 0,
        last_activity_at: at,
        created_at: at,
        edited_at: null,
      })
      .execute();
    await expectCounts(course.id, base, asker, 1, 1);
    const later = new Date(Date.parse(at) + 60_000).toISOString();
    await t.db
      .insertInto("discussion_reads")
      .values({ thread_id: threadId, user_id: asker.user.id, read_at: later })
      .execute();
    await expectCounts(course.id, base, asker, 1, 0);
    // Opening it again neither rewrites nor moves back a mark that is already past its activity.
    expect((await call("GET", `${base}/${threadId}`, asker.auth)).statusCode).toBe(200);
    const mark = await t.db
      .selectFrom("discussion_reads")
      .select("read_at")
      .where("thread_id", "=", threadId)
      .where("user_id", "=", asker.user.id)
      .executeTakeFirstOrThrow();
    expect(mark.read_at).toBe(later);
    await expectCounts(course.id, base, asker, 1, 0);
  });

  it("searches titles and bodies alike on both databases, following edits and deletes", async () => {
    const { teacher, asker, base } = await forum();
    const arrays = await startThread(base, asker.auth, { title: "First about Arrays", body: "<p>100% sure</p>" });
    const recursion = await startThread(base, asker.auth, { title: "Second", body: '<p>about recursion "deep"</p>' });
    const plain = await startThread(base, teacher.auth, { title: "Third", body: "<p>plain</p>" });
    const search = async (text: string) => {
      const data = (await call("GET", `${base}?search=${encodeURIComponent(text)}`, asker.auth)).json().data;
      const ids = data.threads.map((th: { _id: string }) => th._id);
      expect(data.pagination.total).toBe(ids.length);
      return ids;
    };
    expect(await search("RECURSION")).toEqual([recursion]);
    expect(await search("arrays")).toEqual([arrays]);
    expect(await search("ays 100")).toEqual([]);
    expect(await search('"deep"')).toEqual([recursion]);
    expect(await search("100%")).toEqual([arrays]);
    expect(await search("%")).toEqual([arrays]);
    expect(await search("_")).toEqual([]);
    expect(await search("about")).toEqual([recursion, arrays]);
    expect(await search("<p>")).toEqual([plain, recursion, arrays]);
    // A search a page at a time still counts every match, also past its last page.
    for (const [page, threads] of [
      [2, [recursion]],
      [4, []],
    ] as const) {
      const data = (await call("GET", `${base}?search=%3Cp%3E&limit=1&page=${page}`, asker.auth)).json().data;
      expect(data.threads.map((th: { _id: string }) => th._id)).toEqual(threads);
      expect(data.pagination).toEqual({ page, limit: 1, total: 3, pages: 3 });
    }
    expect((await call("PUT", `${base}/${plain}`, teacher.auth, { title: "Third, on sorting" })).statusCode).toBe(200);
    expect(await search("sorting")).toEqual([plain]);
    expect((await call("DELETE", `${base}/${arrays}`, asker.auth)).statusCode).toBe(200);
    expect(await search("about")).toEqual([recursion]);
    if (!(t.db.getExecutor().adapter instanceof PostgresAdapter)) {
      // On SQLite the search reads the trigram index, which follows every write.
      const { rows } = await sql<{
        thread_id: string;
        title: string;
      }>`select thread_id, title from discussion_threads_search
        where thread_id in (${sql.join([arrays, recursion, plain])}) order by title`.execute(t.db);
      expect(rows).toEqual([
        { thread_id: recursion, title: "Second" },
        { thread_id: plain, title: "Third, on sorting" },
      ]);
    }
  });
});
