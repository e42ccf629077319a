import { type Kysely, sql } from "kysely";
import type { ConversationMessagesTable, ConversationsTable } from "../../db/conversation-tables.js";
import { containsText } from "../../db/text-search.js";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/** The user's conversations, matching the search (subject, any message, any other participant's name). */
function inbox(db: Db, userId: string, search: string | undefined) {
  let query = db
    .selectFrom("conversation_participants as me")
    .innerJoin("conversations as c", "c.id", "me.conversation_id")
    .where("me.user_id", "=", userId);
  if (search) {
    query = query.where((eb) =>
      eb.or([
        containsText(["c.subject"], search),
        eb.exists(
          eb
            .selectFrom("conversation_messages as m")
            .select("m.id")
            .whereRef("m.conversation_id", "=", "c.id")
            .where(containsText(["m.body"], search)),
        ),
        eb.exists(
          eb
            .selectFrom("conversation_participants as other")
            .innerJoin("users as u", "u.id", "other.user_id")
            .select("u.id")
            .whereRef("other.conversation_id", "=", "c.id")
            .where("other.user_id", "!=", userId)
            .where(containsText(["u.name"], search)),
        ),
      ]),
    );
  }
  return query;
}

const unreadFlag = sql<number>`case when me.read_at is null or me.read_at < me.last_message_at then 1 else 0 end`;

/** One page of the user's conversations, newest activity first, with their course and last message. */
export function conversationsPage(
  db: Db,
  userId: string,
  { page, limit, search }: { page: number; limit: number; search?: string },
) {
  return inbox(db, userId, search)
    .innerJoin("courses as course", "course.id", "c.course_id")
    .select([
      "c.id",
      "c.course_id",
      "c.subject",
      "c.last_message_at",
      "course.title as course_title",
      "course.instructor_id",
      "course.published",
    ])
    .select(unreadFlag.as("unread"))
    .orderBy("me.last_message_at", "desc")
    .orderBy("me.conversation_id", "desc")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}
export type ConversationRow = Awaited<ReturnType<typeof conversationsPage>>[number];

export async function conversationsTotal(db: Db, userId: string, search: string | undefined): Promise<number> {
  const row = await inbox(db, userId, search)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Conversations with messages the user has not seen. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("conversation_participants")
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("read_at", "is", null), eb("read_at", "<", eb.ref("last_message_at"))]))
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const findConversation = (db: Db, conversationId: string) =>
  db
    .selectFrom("conversations as c")
    .innerJoin("courses as course", "course.id", "c.course_id")
    .select([
      "c.id",
      "c.course_id",
      "c.subject",
      "c.last_message_at",
      "course.title as course_title",
      "course.instructor_id",
      "course.published",
    ])
    .where("c.id", "=", conversationId)
    .executeTakeFirst();
export type ConversationDetailRow = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

/** The conversations' participants with their names and roles. */
export const participantsOf = (db: Db, conversationIds: string[]) =>
  conversationIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("conversation_participants as p")
        .innerJoin("users as u", "u.id", "p.user_id")
        .select(["p.conversation_id", "p.user_id", "p.read_at", "p.last_message_at", "u.name", "u.role"])
        .where("p.conversation_id", "in", conversationIds)
        .orderBy("u.name")
        .execute();
export type ParticipantRow = Awaited<ReturnType<typeof participantsOf>>[number];

/** Each conversation's latest message with its author's name. */
export async function lastMessagesOf(db: Db, conversationIds: string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom("conversation_messages as m")
    .leftJoin("users as a", "a.id", "m.author_id")
    .select(["m.conversation_id", "m.body", "a.name as author_name"])
    .where("m.conversation_id", "in", conversationIds)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("conversation_messages as later")
            .select("later.id")
            .whereRef("later.conversation_id", "=", "m.conversation_id")
            .where((eb) =>
              eb.or([
                eb("later.created_at", ">", eb.ref("m.created_at")),
                eb.and([eb("later.created_at", "=", eb.ref("m.created_at")), eb("later.id", ">", eb.ref("m.id"))]),
              ]),
            ),
        ),
      ),
    )
    .execute();
}

export const messagesOf = (db: Db, conversationId: string) =>
  db
    .selectFrom("conversation_messages as m")
    .leftJoin("users as a", "a.id", "m.author_id")
    .select(["m.id", "m.author_id", "m.body", "m.created_at", "a.name as author_name"])
    .where("m.conversation_id", "=", conversationId)
    .orderBy("m.created_at")
    .orderBy("m.id")
    .execute();

/** A new conversation with its participants and first message; the author has read it. */
export async function insertConversation(
  db: Db,
  conversation: ConversationsTable,
  participantIds: string[],
  message: ConversationMessagesTable,
): Promise<void> {
  await db.insertInto("conversations").values(conversation).execute();
  await db
    .insertInto("conversation_participants")
    .values(
      participantIds.map((userId) => ({
        conversation_id: conversation.id,
        user_id: userId,
        last_message_at: conversation.last_message_at,
        read_at: userId === message.author_id ? message.created_at : null,
      })),
    )
    .execute();
  await db.insertInto("conversation_messages").values(message).execute();
}

/** A reply: the conversation's newest activity for everyone in it, read by its author. */
export async function insertMessage(db: Db, message: ConversationMessagesTable): Promise<void> {
  await db.insertInto("conversation_messages").values(message).execute();
  await db
    .updateTable("conversations")
    .set({ last_message_at: message.created_at })
    .where("id", "=", message.conversation_id)
    .execute();
  await db
    .updateTable("conversation_participants")
    .set({ last_message_at: message.created_at })
    .where("conversation_id", "=", message.conversation_id)
    .execute();
  if (message.author_id) await markRead(db, message.conversation_id, message.author_id, message.created_at);
}

export const markRead = (db: Db, conversationId: string, userId: string, at: string) =>
  db
    .updateTable("conversation_participants")
    .set({ read_at: at })
    .where("conversation_id", "=", conversationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();

/** The people of a course among `userIds`, each with whether they are enrolled in it. */
export async function peopleOfCourse(db: Db, courseId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom("users as u")
    .leftJoin("enrollments as e", (join) => join.onRef("e.user_id", "=", "u.id").on("e.course_id", "=", courseId))
    .select(["u.id", "u.role", "u.name"])
    .select(sql<number>`case when e.id is null then 0 else 1 end`.as("enrolled"))
    .where("u.id", "in", userIds)
    .where("u.status", "=", "active")
    .execute();
}

/** The active learners enrolled in a course (a teacher's whole-course message). */
export const enrolledLearnerIds = async (db: Db, courseId: string, exceptId: string) =>
  (
    await db
      .selectFrom("enrollments as e")
      .innerJoin("users as u", "u.id", "e.user_id")
      .select("u.id")
      .where("e.course_id", "=", courseId)
      .where("u.status", "=", "active")
      .where("u.id", "!=", exceptId)
      .execute()
  ).map((row) => row.id);

/** Whom one may choose in a course: its instructor and its active enrolled learners, by name. */
export const coursePeople = (db: Db, courseId: string, instructorId: string | null) =>
  db
    .selectFrom("users as u")
    .select(["u.id", "u.name", "u.role"])
    .where("u.status", "=", "active")
    .where((eb) =>
      eb.or([
        eb("u.id", "=", instructorId ?? ""),
        eb.exists(
          eb
            .selectFrom("enrollments as e")
            .select("e.id")
            .whereRef("e.user_id", "=", "u.id")
            .where("e.course_id", "=", courseId),
        ),
      ]),
    )
    .orderBy("u.name")
    .orderBy("u.id")
    .execute();

/** The courses one may write in: those one teaches and those one is enrolled in. */
export const messageCourses = (db: Db, userId: string) =>
  db
    .selectFrom("courses as c")
    .select(["c.id", "c.title", "c.instructor_id", "c.published", "c.learner_messages"])
    .where((eb) =>
      eb.or([
        eb("c.instructor_id", "=", userId),
        eb.exists(
          eb
            .selectFrom("enrollments as e")
            .select("e.id")
            .whereRef("e.course_id", "=", "c.id")
            .where("e.user_id", "=", userId),
        ),
      ]),
    )
    .orderBy("c.title")
    .orderBy("c.id")
    .execute();

export const saveLearnerMessages = (db: Db, courseId: string, on: boolean) =>
  db
    .updateTable("courses")
    .set({ learner_messages: on ? 1 : 0 })
    .where("id", "=", courseId)
    .execute();

export const insertReport = (
  db: Db,
  row: { id: string; conversation_id: string; reporter_id: string; reason: string; created_at: string },
) => db.insertInto("conversation_reports").values(row).execute();

export async function hasReported(db: Db, conversationId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("conversation_reports")
    .select("id")
    .where("conversation_id", "=", conversationId)
    .where("reporter_id", "=", userId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The reports of the conversations, oldest first, with who reported. */
export const reportsOf = (db: Db, conversationIds: string[]) =>
  conversationIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("conversation_reports as r")
        .innerJoin("users as u", "u.id", "r.reporter_id")
        .select(["r.conversation_id", "r.reason", "r.created_at", "u.id as reporter_id", "u.name as reporter_name"])
        .where("r.conversation_id", "in", conversationIds)
        .orderBy("r.created_at")
        .orderBy("r.id")
        .execute();
export type ReportRow = Awaited<ReturnType<typeof reportsOf>>[number];

const reported = (db: Db) =>
  db
    .selectFrom("conversation_reports as r")
    .select("r.conversation_id")
    .select((eb) => eb.fn.max("r.created_at").as("last_reported_at"))
    .groupBy("r.conversation_id");

/** One page of reported conversations, most recently reported first. */
export const reportedPage = (db: Db, { page, limit }: { page: number; limit: number }) =>
  db
    .selectFrom(reported(db).as("rep"))
    .innerJoin("conversations as c", "c.id", "rep.conversation_id")
    .innerJoin("courses as course", "course.id", "c.course_id")
    .select([
      "c.id",
      "c.course_id",
      "c.subject",
      "course.title as course_title",
      "course.instructor_id",
      "course.published",
      "rep.last_reported_at",
    ])
    .orderBy("rep.last_reported_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();

export async function reportedTotal(db: Db): Promise<number> {
  const row = await db
    .selectFrom(reported(db).as("rep"))
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
