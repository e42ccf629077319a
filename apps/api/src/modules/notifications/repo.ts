import type { NotificationAudience } from "@lms/contract";
import { type Kysely, sql } from "kysely";
import type { Database, NotificationsTable } from "../../db/types.js";

type Db = Kysely<Database>;

/** The ids of an audience's users, as a query to insert from (never loaded into memory). */
export function audienceUserIds(db: Db, audience: NotificationAudience) {
  const users = db.selectFrom("users as u").select("u.id as user_id");
  switch (audience.type) {
    case "all":
      return users.where("u.status", "=", "active");
    case "role":
      return users.where("u.status", "=", "active").where("u.role", "=", audience.role);
    case "course":
      return users
        .where("u.status", "=", "active")
        .where("u.id", "in", db.selectFrom("enrollments").select("user_id").where("course_id", "=", audience.courseId));
    case "users":
      return users.where("u.id", "in", audience.userIds);
  }
}

export async function unknownUserIds(db: Db, ids: string[]): Promise<string[]> {
  const found = await db.selectFrom("users").select("id").where("id", "in", ids).execute();
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

export const courseTitle = async (db: Db, courseId: string) =>
  (await db.selectFrom("courses").select("title").where("id", "=", courseId).executeTakeFirst())?.title;

export const insertNotification = (db: Db, row: NotificationsTable) =>
  db.insertInto("notifications").values(row).execute();

/** One recipient row per user of the audience, in a single INSERT ... SELECT; answers how many. */
export async function insertRecipients(
  db: Db,
  notificationId: string,
  audience: NotificationAudience,
  channels: { inApp: boolean; email: boolean },
): Promise<number> {
  const users = audienceUserIds(db, audience).select([
    sql<string>`${notificationId}`.as("notification_id"),
    sql.lit(channels.inApp ? 1 : 0).as("in_app"),
    sql.lit<string | null>(channels.email ? "pending" : null).as("email_status"),
  ]);
  const result = await db
    .insertInto("notification_recipients")
    .columns(["user_id", "notification_id", "in_app", "email_status"])
    .expression(users)
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export const setCounts = (db: Db, id: string, recipients: number, emailTotal: number) =>
  db
    .updateTable("notifications")
    .set({ recipient_count: recipients, email_total: emailTotal })
    .where("id", "=", id)
    .execute();

const inbox = (db: Db, userId: string) =>
  db
    .selectFrom("notification_recipients as r")
    .innerJoin("notifications as n", "n.id", "r.notification_id")
    .where("r.user_id", "=", userId)
    .where("r.in_app", "=", 1);

const INBOX_COLUMNS = ["n.id", "n.kind", "n.title", "n.message", "n.link", "n.created_at", "r.read_at"] as const;
export type InboxRow = NonNullable<Awaited<ReturnType<typeof inboxItem>>>;

export const inboxPage = (db: Db, userId: string, page: { page: number; limit: number }) =>
  inbox(db, userId)
    .select(INBOX_COLUMNS)
    .orderBy("r.notification_id", "desc")
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();

export const inboxItem = (db: Db, userId: string, notificationId: string) =>
  inbox(db, userId).select(INBOX_COLUMNS).where("r.notification_id", "=", notificationId).executeTakeFirst();

export async function inboxTotal(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("notification_recipients")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("user_id", "=", userId)
    .where("in_app", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("notification_recipients")
    .select((eb) => eb.fn.countAll<number>().as("unread"))
    .where("user_id", "=", userId)
    .where("in_app", "=", 1)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

const bumpReadCount = (db: Db, ids: string[]) =>
  db
    .updateTable("notifications")
    .set((eb) => ({ read_count: eb("read_count", "+", 1) }))
    .where("id", "in", ids)
    .execute();

/** Marks one of the user's notifications read; false when it was already read (or is not theirs). */
export async function markRead(db: Db, userId: string, notificationId: string, stamp: string): Promise<boolean> {
  const result = await db
    .updateTable("notification_recipients")
    .set({ read_at: stamp })
    .where("notification_id", "=", notificationId)
    .where("user_id", "=", userId)
    .where("in_app", "=", 1)
    .where("read_at", "is", null)
    .executeTakeFirst();
  const marked = Number(result.numUpdatedRows) === 1;
  if (marked) await bumpReadCount(db, [notificationId]);
  return marked;
}

const CHUNK = 500;

/** Marks all of the user's unread notifications read; answers how many. */
export async function markAllRead(db: Db, userId: string, stamp: string): Promise<number> {
  const unread = await db
    .selectFrom("notification_recipients")
    .select("notification_id")
    .where("user_id", "=", userId)
    .where("in_app", "=", 1)
    .where("read_at", "is", null)
    .execute();
  const ids = unread.map((row) => row.notification_id);
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    await db
      .updateTable("notification_recipients")
      .set({ read_at: stamp })
      .where("user_id", "=", userId)
      .where("notification_id", "in", chunk)
      .where("read_at", "is", null)
      .execute();
    await bumpReadCount(db, chunk);
  }
  return ids.length;
}

const sent = (db: Db) =>
  db
    .selectFrom("notifications as n")
    .leftJoin("users as s", "s.id", "n.sender_id")
    .selectAll("n")
    .select(["s.name as sender_name"])
    .where("n.kind", "=", "broadcast");
export type SentRow = NonNullable<Awaited<ReturnType<typeof sentOne>>>;

export const sentOne = (db: Db, id: string) => sent(db).where("n.id", "=", id).executeTakeFirst();

export const sentPage = (db: Db, page: { page: number; limit: number }) =>
  sent(db)
    .orderBy("n.id", "desc")
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();

export async function sentTotal(db: Db): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("kind", "=", "broadcast")
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The next recipients still waiting for the notification's e-mail. */
export const pendingEmails = (db: Db, notificationId: string, limit: number) =>
  db
    .selectFrom("notification_recipients as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["u.id", "u.name", "u.email"])
    .where("r.notification_id", "=", notificationId)
    .where("r.email_status", "=", "pending")
    .orderBy("r.user_id")
    .limit(limit)
    .execute();

const EMAIL_COUNTER = { delivered: "email_delivered", failed: "email_failed", skipped: "email_skipped" } as const;
export type EmailOutcome = keyof typeof EMAIL_COUNTER;

/** Records how one recipient's e-mail ended, and counts it on the notification. */
export async function settleEmail(
  db: Db,
  notificationId: string,
  userIds: string[],
  outcome: EmailOutcome,
  error: string | null = null,
): Promise<void> {
  for (let start = 0; start < userIds.length; start += CHUNK) {
    const chunk = userIds.slice(start, start + CHUNK);
    const result = await db
      .updateTable("notification_recipients")
      .set({ email_status: outcome, email_error: error })
      .where("notification_id", "=", notificationId)
      .where("user_id", "in", chunk)
      .where("email_status", "=", "pending")
      .executeTakeFirst();
    const settled = Number(result.numUpdatedRows);
    const column = EMAIL_COUNTER[outcome];
    if (settled > 0) {
      await db
        .updateTable("notifications")
        .set((eb) => ({ [column]: eb(column, "+", settled) }))
        .where("id", "=", notificationId)
        .execute();
    }
  }
}

/** Every recipient still pending (for giving up after the last attempt). */
export const pendingEmailUserIds = async (db: Db, notificationId: string) =>
  (
    await db
      .selectFrom("notification_recipients")
      .select("user_id")
      .where("notification_id", "=", notificationId)
      .where("email_status", "=", "pending")
      .execute()
  ).map((row) => row.user_id);
