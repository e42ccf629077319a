import {
  CONVERSATION_MESSAGES as C,
  type ConversationCreate,
  type ConversationListQuery,
  MESSAGES,
  type MessageCourse,
} from "@lms/contract";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../db/errors.js";
import { newId } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { badRequest, conflict, fieldError, forbidden, notFound } from "../../http/errors.js";
import { pagination } from "../../http/failures.js";
import type { Outbox } from "../../outbox/outbox.js";
import {
  type Actor,
  canManageMessageSettings,
  canReadReportedConversation,
  canReviewReportedConversations,
  mayMessage,
  teachesForMessages,
} from "../../policies/index.js";
import { logActivity } from "../activities/repo.js";
import { hasVisibleText, sanitizeQuestionText as sanitizeRichText } from "../assessments/rich-text.js";
import { COURSE_NOT_FOUND, findCourse, isEnrolled, NOT_ENROLLED, NOT_YOUR_COURSE } from "../courses/access.js";
import { notifyUsersWithEmail } from "../notifications/events.js";
import { publishMessageChange } from "./events.js";
import { presentPerson, presentReports, presentSummary } from "./present.js";
import * as repo from "./repo.js";

type Db = Kysely<Database>;
type Course = NonNullable<Awaited<ReturnType<typeof findCourse>>>;

/** The sanitised body; refused when nothing readable is left (e.g. only a script). */
function cleanBody(html: string): string {
  const body = sanitizeRichText(html);
  if (!hasVisibleText(body)) throw badRequest(C.bodyRequired, [fieldError("body", C.bodyRequired)]);
  return body;
}

const presentCourse = (actor: Actor, course: Course | Awaited<ReturnType<typeof repo.messageCourses>>[number]) =>
  ({
    _id: course.id,
    title: course.title,
    teacher: teachesForMessages(actor, course),
    learnerMessages: Boolean(course.learner_messages),
  }) satisfies MessageCourse;

export function createMessageService({ db, outbox, now }: { db: Db; outbox: Outbox; now: () => Date }) {
  /** The course, if the actor teaches it or learns in it: 404, or 403 `not enrolled`. */
  async function courseToWriteIn(actor: Actor, courseId: string) {
    const course = await findCourse(db, courseId);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    const enrolled = await isEnrolled(db, actor.id, courseId);
    if (!teachesForMessages(actor, course) && !enrolled) throw forbidden(NOT_ENROLLED);
    return { course, enrolled };
  }

  /** A conversation the actor takes part in; anyone else's is 404, as if it did not exist. */
  async function conversationOf(actor: Actor, conversationId: string) {
    const conversation = await repo.findConversation(db, conversationId);
    const participants = conversation ? await repo.participantsOf(db, [conversationId]) : [];
    const me = participants.find((p) => p.user_id === actor.id);
    if (!conversation || !me) throw notFound(C.conversationNotFound);
    return { conversation, participants, me };
  }

  async function detail(
    viewerId: string,
    conversation: repo.ConversationDetailRow,
    participants: repo.ParticipantRow[],
    unread: boolean,
  ) {
    const [messages, reported] = await Promise.all([
      repo.messagesOf(db, conversation.id),
      repo.hasReported(db, conversation.id, viewerId),
    ]);
    const last = messages.at(-1);
    return {
      ...presentSummary({ ...conversation, unread: unread ? 1 : 0 }, participants, last, viewerId),
      participants: participants.map((p) => presentPerson(p, conversation)),
      messages: messages.map((m) => ({
        _id: m.id,
        author: m.author_id && m.author_name ? { _id: m.author_id, name: m.author_name } : null,
        body: m.body,
        createdAt: m.created_at,
        mine: m.author_id === viewerId,
      })),
      reported,
    };
  }

  const nameOf = async (actor: Actor) =>
    (await db.selectFrom("users").select("name").where("id", "=", actor.id).executeTakeFirstOrThrow()).name;

  /** Whom the message goes to: every learner of the course, or the chosen people the actor may write to. */
  async function recipientsFor(actor: Actor, course: Course, enrolled: boolean, input: ConversationCreate) {
    if (input.wholeCourse) {
      if (!teachesForMessages(actor, course)) throw forbidden(C.wholeCourseTeachersOnly);
      const ids = await repo.enrolledLearnerIds(db, course.id, actor.id);
      if (ids.length === 0) throw badRequest(C.noLearners, [fieldError("wholeCourse", C.noLearners)]);
      return ids;
    }
    const ids = input.recipientIds ?? [];
    const people = await repo.peopleOfCourse(db, course.id, ids);
    const verdicts = ids.map((id) => {
      const person = people.find((p) => p.id === id);
      if (!person) return "notARecipient";
      return mayMessage(actor, course, enrolled, { user: person, enrolled: Boolean(person.enrolled) });
    });
    if (verdicts.includes("notARecipient")) {
      throw badRequest(C.notARecipient, [fieldError("recipientIds", C.notARecipient)]);
    }
    if (verdicts.includes("learnerMessagesOff")) throw forbidden(C.learnerMessagesOff);
    return ids;
  }

  return {
    async list(actor: Actor, query: ConversationListQuery) {
      const search = query.search || undefined;
      const [rows, total, unreadCount] = await Promise.all([
        repo.conversationsPage(db, actor.id, { ...query, search }),
        repo.conversationsTotal(db, actor.id, search),
        repo.unreadCount(db, actor.id),
      ]);
      const ids = rows.map((row) => row.id);
      const [participants, lasts] = await Promise.all([repo.participantsOf(db, ids), repo.lastMessagesOf(db, ids)]);
      return {
        conversations: rows.map((row) =>
          presentSummary(
            row,
            participants.filter((p) => p.conversation_id === row.id),
            lasts.find((m) => m.conversation_id === row.id),
            actor.id,
          ),
        ),
        pagination: pagination(query, total),
        unreadCount,
      };
    },

    unread: async (actor: Actor) => ({ unreadCount: await repo.unreadCount(db, actor.id) }),

    /** The conversation with its messages; opening it marks it read. */
    async get(actor: Actor, conversationId: string) {
      const { conversation, participants, me } = await conversationOf(actor, conversationId);
      const wasUnread = me.read_at === null || me.read_at < me.last_message_at;
      if (wasUnread) {
        await repo.markRead(db, conversationId, actor.id, now().toISOString());
        publishMessageChange({ conversationId, participantIds: [actor.id], change: "read" });
      }
      return detail(actor.id, conversation, participants, false);
    },

    /** One private conversation per recipient; each hears of it in-app and by e-mail. */
    async start(actor: Actor, input: ConversationCreate) {
      const { course, enrolled } = await courseToWriteIn(actor, input.courseId);
      const body = cleanBody(input.body);
      const recipients = await recipientsFor(actor, course, enrolled, input);
      const stamp = now().toISOString();
      const name = await nameOf(actor);
      const conversations = recipients.map((recipientId) => ({ id: newId(), recipientId }));
      await db.transaction().execute(async (trx) => {
        for (const { id, recipientId } of conversations) {
          await repo.insertConversation(
            trx,
            {
              id,
              course_id: course.id,
              subject: input.subject,
              started_by: actor.id,
              last_message_at: stamp,
              created_at: stamp,
            },
            [actor.id, recipientId],
            { id: newId(), conversation_id: id, author_id: actor.id, body, created_at: stamp },
          );
        }
        await notifyUsersWithEmail(trx, outbox, recipients, {
          kind: "message",
          title: `New message from ${name}`,
          message: `${name} wrote "${input.subject}" in ${course.title}.`,
          link: conversations.length === 1 ? `/messages/${conversations[0].id}` : "/messages",
          stamp,
        });
      });
      outbox.kick();
      for (const { id, recipientId } of conversations) {
        publishMessageChange({ conversationId: id, participantIds: [actor.id, recipientId], change: "message" });
      }
      return { conversationIds: conversations.map((c) => c.id), recipients: conversations.length };
    },

    async reply(actor: Actor, conversationId: string, html: string) {
      const { conversation, participants } = await conversationOf(actor, conversationId);
      const body = cleanBody(html);
      const stamp = now().toISOString();
      const name = await nameOf(actor);
      const others = participants.filter((p) => p.user_id !== actor.id).map((p) => p.user_id);
      await db.transaction().execute(async (trx) => {
        await repo.insertMessage(trx, {
          id: newId(),
          conversation_id: conversationId,
          author_id: actor.id,
          body,
          created_at: stamp,
        });
        if (others.length > 0) {
          await notifyUsersWithEmail(trx, outbox, others, {
            kind: "message",
            title: `New message from ${name}`,
            message: `${name} replied to "${conversation.subject}" in ${conversation.course_title}.`,
            link: `/messages/${conversationId}`,
            stamp,
          });
        }
      });
      outbox.kick();
      const participantIds = participants.map((p) => p.user_id);
      publishMessageChange({ conversationId, participantIds, change: "message" });
      const fresh = await repo.findConversation(db, conversationId);
      return detail(actor.id, fresh ?? conversation, participants, false);
    },

    /** A participant reports the conversation (once), which lets admins read it. */
    async report(actor: Actor, conversationId: string, reason: string) {
      const { participants } = await conversationOf(actor, conversationId);
      try {
        await repo.insertReport(db, {
          id: newId(),
          conversation_id: conversationId,
          reporter_id: actor.id,
          reason,
          created_at: now().toISOString(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(C.alreadyReported);
        throw error;
      }
      publishMessageChange({
        conversationId,
        participantIds: participants.map((p) => p.user_id),
        change: "report",
      });
    },

    async courses(actor: Actor) {
      return (await repo.messageCourses(db, actor.id)).map((course) => presentCourse(actor, course));
    },

    /** Whom the actor may write to in the course (a learner sees other learners only when the course allows it). */
    async recipients(actor: Actor, courseId: string) {
      const { course, enrolled } = await courseToWriteIn(actor, courseId);
      const people = await repo.coursePeople(db, course.id, course.instructor_id);
      const enrolledIds = new Set(
        (
          await repo.peopleOfCourse(
            db,
            course.id,
            people.map((p) => p.id),
          )
        )
          .filter((p) => p.enrolled)
          .map((p) => p.id),
      );
      const allowed = people.filter(
        (person) =>
          mayMessage(actor, course, enrolled, { user: person, enrolled: enrolledIds.has(person.id) }) === "allowed",
      );
      return {
        course: presentCourse(actor, course),
        recipients: allowed.map((person) => ({
          _id: person.id,
          name: person.name,
          teacher: teachesForMessages(person, course),
        })),
      };
    },

    async saveSettings(actor: Actor, courseId: string, learnerMessages: boolean) {
      const course = await findCourse(db, courseId);
      if (!course) throw notFound(COURSE_NOT_FOUND);
      if (!canManageMessageSettings(actor, course)) {
        throw forbidden((await isEnrolled(db, actor.id, courseId)) ? NOT_YOUR_COURSE : NOT_ENROLLED);
      }
      await repo.saveLearnerMessages(db, courseId, learnerMessages);
      return { learnerMessages };
    },

    /** Reported conversations, most recently reported first: admins. */
    async reported(actor: Actor, query: { page: number; limit: number }) {
      if (!canReviewReportedConversations(actor)) throw forbidden(MESSAGES.forbidden);
      const [rows, total] = await Promise.all([repo.reportedPage(db, query), repo.reportedTotal(db)]);
      const ids = rows.map((row) => row.id);
      const [participants, reports] = await Promise.all([repo.participantsOf(db, ids), repo.reportsOf(db, ids)]);
      return {
        conversations: rows.map((row) => ({
          _id: row.id,
          courseId: row.course_id,
          courseTitle: row.course_title,
          subject: row.subject,
          participants: participants.filter((p) => p.conversation_id === row.id).map((p) => presentPerson(p, row)),
          reports: presentReports(reports.filter((r) => r.conversation_id === row.id)),
          lastReportedAt: String(row.last_reported_at),
        })),
        pagination: pagination(query, total),
      };
    },

    /**
     * An admin reads a reported conversation (any other is 404, as if it did not exist); the read is
     * written to the audit trail with who read which conversation and when.
     */
    async readReported(actor: Actor, conversationId: string, ip: string | undefined) {
      const conversation = await repo.findConversation(db, conversationId);
      const reports = conversation ? await repo.reportsOf(db, [conversationId]) : [];
      if (!conversation || !canReadReportedConversation(actor, reports.length > 0)) {
        throw notFound(C.conversationNotFound);
      }
      const participants = await repo.participantsOf(db, [conversationId]);
      await logActivity(db, {
        userId: actor.id,
        type: "admin_action",
        title: `Read the reported conversation "${conversation.subject}"`,
        description: participants.map((p) => p.name).join(", "),
        courseId: conversation.course_id,
        metadata: {
          action: "reported_conversation_read",
          conversationId,
          participantIds: participants.map((p) => p.user_id),
        },
        ip,
      });
      return {
        conversation: await detail(actor.id, conversation, participants, false),
        reports: presentReports(reports),
      };
    },
  };
}
export type MessageService = ReturnType<typeof createMessageService>;
