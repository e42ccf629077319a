import { type Kysely, PostgresAdapter, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import type {
  DiscussionPostsTable,
  DiscussionReportsTable,
  DiscussionThreadsTable,
} from "../../db/discussion-tables.js";
import { containsText } from "../../db/text-search.js";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

const THREAD_COLUMNS = [
  "t.id",
  "t.course_id",
  "t.author_id",
  "t.type",
  "t.title",
  "t.pinned",
  "t.locked",
  "t.accepted_post_id",
  "t.reply_count",
  "t.last_activity_at",
  "t.created_at",
] as const;

/** Threads with their authors' names and roles and whether `userId` has read their latest activity. */
const threadsFor = (db: Db, userId: string) =>
  db
    .selectFrom("discussion_threads as t")
    .leftJoin("users as a", "a.id", "t.author_id")
    .leftJoin("discussion_reads as r", (join) => join.onRef("r.thread_id", "=", "t.id").on("r.user_id", "=", userId))
    .select(THREAD_COLUMNS)
    .select(["a.name as author_name", "a.role as author_role"])
    .select(sql<number>`case when r.read_at is null or r.read_at < t.last_activity_at then 1 else 0 end`.as("unread"));

export type ThreadSummaryRow = Awaited<ReturnType<typeof threadsPage>>[number];

const usesTrigramTable = (db: Db, text: string) =>
  !(db.getExecutor().adapter instanceof PostgresAdapter) && text.length >= 3;

/**
 * The course's threads, those whose title or body contains `search` (ignoring case) when given: on
 * SQLite through the trigram index of migration 053, on PostgreSQL a LIKE that migration 050's
 * trigram indexes serve. SQLite's index needs three characters; shorter searches read the course.
 */
function courseThreads(db: Db, courseId: string, search: string | undefined) {
  const threads = db.selectFrom("discussion_threads as t");
  if (!search) return threads.where("t.course_id", "=", courseId);
  if (!usesTrigramTable(db, search)) {
    return threads.where("t.course_id", "=", courseId).where(containsText(["t.title", "t.body"], search));
  }
  const phrase = `"${search.replaceAll('"', '""')}"`;
  // The unary + keeps SQLite off the course's index: it looks up each match instead of reading every thread.
  return threads
    .where(sql<string>`+t.course_id`, "=", courseId)
    .where(
      sql<boolean>`t.id in (select thread_id from discussion_threads_search where discussion_threads_search match ${phrase})`,
    );
}

/**
 * One page of a course's threads: pinned first, then newest activity first. The page's ids are
 * chosen first and only they are joined; with a search each row also carries how many match in all.
 */
const pageQuery = (db: Db, userId: string, courseId: string, limit: number, offset: number, search?: string) => {
  const ids = courseThreads(db, courseId, search)
    .select("t.id as page_id")
    .$if(Boolean(search), (query) => query.select((eb) => eb.fn.countAll<number>().over().as("matches")))
    .orderBy("t.pinned", "desc")
    .orderBy("t.last_activity_at", "desc")
    .orderBy("t.id", "desc")
    .limit(limit)
    .offset(offset);
  return threadsFor(db, userId)
    .innerJoin(ids.as("p"), "p.page_id", "t.id")
    .$if(Boolean(search), (query) => query.select("p.matches"))
    .orderBy("t.pinned", "desc")
    .orderBy("t.last_activity_at", "desc")
    .orderBy("t.id", "desc");
};

/** The list without a search, the forum's hottest read, is built and compiled once. */
const plainPage = compiledOnce((db, userId: string, courseId: string, limit: number, offset: number) =>
  pageQuery(db, userId, courseId, limit, offset),
);

export function threadsPage(
  db: Db,
  userId: string,
  courseId: string,
  { page, limit, search }: { page: number; limit: number; search?: string },
) {
  const offset = (page - 1) * limit;
  return search
    ? pageQuery(db, userId, courseId, limit, offset, search).execute()
    : plainPage(db, userId, courseId, limit, offset);
}

/** The course's threads, or those matching the search: a stored count without one, the matches with one. */
export async function threadsTotal(db: Db, courseId: string, search: string | undefined): Promise<number> {
  if (!search) {
    const row = await db
      .selectFrom("discussion_course_counts")
      .select("threads")
      .where("course_id", "=", courseId)
      .executeTakeFirst();
    return Number(row?.threads ?? 0);
  }
  const row = await courseThreads(db, courseId, search)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const unreadParts = compiledOnce((db, courseId: string, userId: string) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom("discussion_course_counts").select("threads").where("course_id", "=", courseId).as("threads"),
    eb
      .selectFrom("discussion_read_counts")
      .select("threads")
      .where("user_id", "=", userId)
      .where("course_id", "=", courseId)
      .as("read"),
  ]),
);

/** Threads of the course with activity the user has not seen: its threads less those they read up to date. */
export async function unreadCount(db: Db, courseId: string, userId: string): Promise<number> {
  const [row] = await unreadParts(db, courseId, userId);
  return Math.max(0, Number(row?.threads ?? 0) - Number(row?.read ?? 0));
}

const threadRows = compiledOnce((db, courseId: string, threadId: string, userId: string) =>
  threadsFor(db, userId)
    .select(["t.body", "t.edited_at"])
    .where("t.id", "=", threadId)
    .where("t.course_id", "=", courseId),
);

export const findThread = async (db: Db, courseId: string, threadId: string, userId: string) =>
  (await threadRows(db, courseId, threadId, userId))[0];
export type ThreadRow = NonNullable<Awaited<ReturnType<typeof findThread>>>;

const repliesWithAuthors = (db: Db, threadId: string) =>
  db
    .selectFrom("discussion_posts as p")
    .leftJoin("users as a", "a.id", "p.author_id")
    .selectAll("p")
    .select(["a.name as author_name", "a.role as author_role"])
    .where("p.thread_id", "=", threadId);

/** A thread's replies in the order they were posted. */
export const replies = compiledOnce((db, threadId: string) =>
  repliesWithAuthors(db, threadId).orderBy("p.created_at").orderBy("p.id"),
);
export type ReplyRow = Awaited<ReturnType<typeof replies>>[number];

export const replyRow = (db: Db, threadId: string, postId: string) =>
  repliesWithAuthors(db, threadId).where("p.id", "=", postId).executeTakeFirst();

export const findPost = (db: Db, threadId: string, postId: string) =>
  db
    .selectFrom("discussion_posts")
    .selectAll()
    .where("id", "=", postId)
    .where("thread_id", "=", threadId)
    .executeTakeFirst();

const repliesBy = compiledOnce((db, threadId: string, userId: string) =>
  db
    .selectFrom("discussion_posts")
    .select("id")
    .where("thread_id", "=", threadId)
    .where("author_id", "=", userId)
    .limit(1),
);

export const hasReplied = async (db: Db, threadId: string, userId: string): Promise<boolean> =>
  (await repliesBy(db, threadId, userId)).length > 0;

export const insertThread = (db: Db, row: DiscussionThreadsTable) =>
  db.insertInto("discussion_threads").values(row).execute();

export const updateThread = (db: Db, threadId: string, changes: Partial<Omit<DiscussionThreadsTable, "id">>) =>
  db.updateTable("discussion_threads").set(changes).where("id", "=", threadId).execute();

export const deleteThread = (db: Db, threadId: string) =>
  db.deleteFrom("discussion_threads").where("id", "=", threadId).execute();

/** A new reply, counted on its thread and making it the thread's newest activity. */
export async function insertReply(db: Db, row: DiscussionPostsTable): Promise<void> {
  await db.insertInto("discussion_posts").values(row).execute();
  await db
    .updateTable("discussion_threads")
    .set((eb) => ({ reply_count: eb("reply_count", "+", 1), last_activity_at: row.created_at }))
    .where("id", "=", row.thread_id)
    .execute();
}

export const updatePost = (db: Db, postId: string, changes: { body: string; edited_at: string }) =>
  db.updateTable("discussion_posts").set(changes).where("id", "=", postId).execute();

/** Deletes a reply with the replies that answer it; the thread's count and accepted answer follow. */
export async function deleteReply(db: Db, threadId: string, postId: string): Promise<void> {
  const answers = db.selectFrom("discussion_posts").select("id").where("parent_id", "=", postId);
  await db
    .updateTable("discussion_threads")
    .set({ accepted_post_id: null })
    .where("id", "=", threadId)
    .where((eb) => eb.or([eb("accepted_post_id", "=", postId), eb("accepted_post_id", "in", answers)]))
    .execute();
  await db.deleteFrom("discussion_posts").where("id", "=", postId).execute();
  await db
    .updateTable("discussion_threads")
    .set((eb) => ({
      reply_count: eb
        .selectFrom("discussion_posts")
        .select(eb.fn.countAll<number>().as("n"))
        .where("thread_id", "=", threadId),
    }))
    .where("id", "=", threadId)
    .execute();
}

/** Marks the thread read up to `at` for the user (an upsert: one row per user and thread; never backwards). */
export const markRead = (db: Db, threadId: string, userId: string, at: string) =>
  db
    .insertInto("discussion_reads")
    .values({ thread_id: threadId, user_id: userId, read_at: at })
    .onConflict((oc) =>
      oc.columns(["user_id", "thread_id"]).doUpdateSet({ read_at: at }).where("discussion_reads.read_at", "<", at),
    )
    .execute();

export const subscribe = (db: Db, threadId: string, userId: string) =>
  db
    .insertInto("discussion_subscriptions")
    .values({ thread_id: threadId, user_id: userId })
    .onConflict((oc) => oc.columns(["thread_id", "user_id"]).doNothing())
    .execute();

export const unsubscribe = (db: Db, threadId: string, userId: string) =>
  db.deleteFrom("discussion_subscriptions").where("thread_id", "=", threadId).where("user_id", "=", userId).execute();

const subscription = compiledOnce((db, threadId: string, userId: string) =>
  db
    .selectFrom("discussion_subscriptions")
    .select("user_id")
    .where("thread_id", "=", threadId)
    .where("user_id", "=", userId),
);

export const isSubscribed = async (db: Db, threadId: string, userId: string): Promise<boolean> =>
  (await subscription(db, threadId, userId)).length > 0;

export const subscribeCourse = (db: Db, courseId: string, userId: string) =>
  db
    .insertInto("discussion_course_subscriptions")
    .values({ course_id: courseId, user_id: userId })
    .onConflict((oc) => oc.columns(["course_id", "user_id"]).doNothing())
    .execute();

export const unsubscribeCourse = (db: Db, courseId: string, userId: string) =>
  db
    .deleteFrom("discussion_course_subscriptions")
    .where("course_id", "=", courseId)
    .where("user_id", "=", userId)
    .execute();

const courseSubscription = compiledOnce((db, courseId: string, userId: string) =>
  db
    .selectFrom("discussion_course_subscriptions")
    .select("user_id")
    .where("course_id", "=", courseId)
    .where("user_id", "=", userId),
);

export const isCourseSubscribed = async (db: Db, courseId: string, userId: string): Promise<boolean> =>
  (await courseSubscription(db, courseId, userId)).length > 0;

/**
 * Who hears of a new post: the thread's subscribers (none for a new thread) and the course's
 * subscribers, except its author, as one query. Notifying them is one INSERT ... SELECT.
 */
export async function audience(db: Db, courseId: string, threadId: string | null, authorId: string) {
  const course = db.selectFrom("discussion_course_subscriptions").select("user_id").where("course_id", "=", courseId);
  const query = threadId
    ? course.union(db.selectFrom("discussion_subscriptions").select("user_id").where("thread_id", "=", threadId))
    : course;
  const rows = await db
    .selectFrom(query.as("s"))
    .innerJoin("users as u", "u.id", "s.user_id")
    .innerJoin("courses as c", (join) => join.on("c.id", "=", courseId))
    .select("s.user_id")
    .where("s.user_id", "!=", authorId)
    .where("u.status", "=", "active")
    // Only those who may still read the course: unenrolled learners keep no access by subscription.
    .where((eb) =>
      eb.or([
        eb("u.role", "in", ["admin", "super_admin"]),
        eb.and([eb("u.role", "=", "instructor"), eb("c.instructor_id", "=", eb.ref("u.id"))]),
        eb.exists(
          eb
            .selectFrom("enrollments as e")
            .select("e.id")
            .whereRef("e.user_id", "=", "u.id")
            .where("e.course_id", "=", courseId),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => row.user_id);
}

const settingsOf = compiledOnce((db, courseId: string) =>
  db.selectFrom("discussion_settings").select("post_before_view").where("course_id", "=", courseId),
);

export const postBeforeView = async (db: Db, courseId: string): Promise<boolean> =>
  Boolean((await settingsOf(db, courseId))[0]?.post_before_view);

export const saveSettings = (db: Db, courseId: string, postBeforeView: boolean) =>
  db
    .insertInto("discussion_settings")
    .values({ course_id: courseId, post_before_view: postBeforeView ? 1 : 0 })
    .onConflict((oc) => oc.column("course_id").doUpdateSet({ post_before_view: postBeforeView ? 1 : 0 }))
    .execute();

export const insertReport = (db: Db, row: DiscussionReportsTable) =>
  db.insertInto("discussion_reports").values(row).execute();

/** The course's open reports, oldest first, with the reported text and who wrote and reported it. */
export const openReports = (db: Db, courseId: string) =>
  db
    .selectFrom("discussion_reports as r")
    .innerJoin("discussion_threads as t", "t.id", "r.thread_id")
    .leftJoin("discussion_posts as p", "p.id", "r.post_id")
    .innerJoin("users as reporter", "reporter.id", "r.reporter_id")
    .leftJoin("users as author", (join) =>
      join.on((eb) => eb("author.id", "=", eb.fn.coalesce("p.author_id", "t.author_id"))),
    )
    .select([
      "r.id",
      "r.thread_id",
      "r.post_id",
      "r.reason",
      "r.created_at",
      "t.title as thread_title",
      "reporter.id as reporter_id",
      "reporter.name as reporter_name",
      "author.id as author_id",
      "author.name as author_name",
    ])
    .select((eb) => eb.fn.coalesce("p.body", "t.body").as("body"))
    .where("r.course_id", "=", courseId)
    .where("r.dismissed_at", "is", null)
    .orderBy("r.id")
    .execute();
export type ReportRow = Awaited<ReturnType<typeof openReports>>[number];

export const findReport = (db: Db, courseId: string, reportId: string) =>
  db
    .selectFrom("discussion_reports")
    .selectAll()
    .where("id", "=", reportId)
    .where("course_id", "=", courseId)
    .executeTakeFirst();

export const dismissReport = (db: Db, reportId: string, by: string, at: string) =>
  db
    .updateTable("discussion_reports")
    .set({ dismissed_at: at, dismissed_by: by })
    .where("id", "=", reportId)
    .where("dismissed_at", "is", null)
    .executeTakeFirst();
