import {
  CONVERSATION_MESSAGES as C,
  type CataloguedMessage,
  conversationCreateResponseSchema,
  conversationCreateSchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
  conversationParamsSchema,
  conversationReplySchema,
  conversationReportSchema,
  conversationResponseSchema,
  conversationUnreadResponseSchema,
  courseParamsSchema,
  messageCoursesResponseSchema,
  messageRecipientsResponseSchema,
  messageResponseSchema,
  messageSettingsResponseSchema,
  messageSettingsSchema,
  reportedConversationResponseSchema,
  reportedConversationsQuerySchema,
  reportedConversationsResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly, signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import { canReviewReportedConversations } from "../../policies/index.js";
import type { MessageService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }], tags: ["messages"] };
// Messages are no part of any shared read cache.
const config = { touchesNoCachedData: true };
const ok = (message: CataloguedMessage) => ({ success: true as const, message: message.text });

/**
 * Private messages (issue 23): each caller's own conversations (anyone else's answer 404), a
 * course's teachers writing to its learners, learners to its teachers (and to each other where the
 * course allows it); admins read reported conversations, each read logged.
 */
export async function messageRoutes(
  app: FastifyInstance,
  { guard, messages }: { guard: Guard; messages: MessageService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);
  const admins = allowOnly(guard, canReviewReportedConversations);
  const conversation = "/messages/conversations/:conversationId";

  r.get(
    "/messages/conversations",
    {
      onRequest,
      schema: {
        ...secured,
        description:
          "One page of the caller's conversations, newest activity first; `search` matches the subject, the messages and the other participants' names.",
        querystring: conversationListQuerySchema,
        response: { 200: conversationListResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await messages.list(currentUser(request), request.query) }),
  );

  r.get(
    "/messages/unread",
    {
      onRequest,
      schema: {
        ...secured,
        description: "How many of the caller's conversations have messages they have not seen (the inbox's count).",
        response: { 200: conversationUnreadResponseSchema, ...failures },
      },
    },
    async (request) => ({ success: true as const, data: await messages.unread(currentUser(request)) }),
  );

  r.post(
    "/messages/conversations",
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description:
          "Sends a new message in a course: to chosen people the caller may write to, or (the course's teachers) to all its learners; each recipient gets their own private conversation.",
        body: conversationCreateSchema,
        response: { 201: conversationCreateResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const data = await messages.start(currentUser(request), request.body);
      const message = data.recipients > 1 ? C.sentToMany : C.sent;
      return reply.status(201).send({ success: true as const, data, message: message.text });
    },
  );

  r.get(
    conversation,
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description: "One of the caller's conversations with its messages; opening it marks it read.",
        params: conversationParamsSchema,
        response: { 200: conversationResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { conversation: await messages.get(currentUser(request), request.params.conversationId) },
    }),
  );

  r.post(
    `${conversation}/messages`,
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description: "Replies in one of the caller's conversations; the body is sanitised rich text.",
        params: conversationParamsSchema,
        body: conversationReplySchema,
        response: { 201: conversationResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const data = {
        conversation: await messages.reply(currentUser(request), request.params.conversationId, request.body.body),
      };
      return reply.status(201).send({ success: true as const, data, message: C.replied.text });
    },
  );

  r.post(
    `${conversation}/reports`,
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description: "A participant reports the conversation with a reason (once); admins may then read it.",
        params: conversationParamsSchema,
        body: conversationReportSchema,
        response: { 201: messageResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      await messages.report(currentUser(request), request.params.conversationId, request.body.reason);
      return reply.status(201).send(ok(C.reported));
    },
  );

  r.get(
    "/messages/courses",
    {
      onRequest,
      schema: {
        ...secured,
        description: "The courses the caller may write in: those they teach and those they are enrolled in.",
        response: { 200: messageCoursesResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { courses: await messages.courses(currentUser(request)) },
    }),
  );

  r.get(
    "/courses/:id/message-recipients",
    {
      onRequest,
      schema: {
        ...secured,
        description:
          "Whom the caller may message in the course: a teacher its learners; a learner its instructor, and its other learners only when the course allows it.",
        params: courseParamsSchema,
        response: { 200: messageRecipientsResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await messages.recipients(currentUser(request), request.params.id),
    }),
  );

  r.put(
    "/courses/:id/message-settings",
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description: "Whether the course's learners may message each other (off by default): the course's managers.",
        params: courseParamsSchema,
        body: messageSettingsSchema,
        response: { 200: messageSettingsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const settings = await messages.saveSettings(
        currentUser(request),
        request.params.id,
        request.body.learnerMessages,
      );
      return { success: true as const, data: { settings }, message: C.settingsSaved.text };
    },
  );

  r.get(
    "/admin/messages/reports",
    {
      onRequest: admins,
      schema: {
        ...secured,
        description: "Reported conversations, most recently reported first, with their reports: admins.",
        querystring: reportedConversationsQuerySchema,
        response: { 200: reportedConversationsResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await messages.reported(currentUser(request), request.query),
    }),
  );

  r.get(
    "/admin/messages/conversations/:conversationId",
    {
      onRequest: admins,
      config,
      schema: {
        ...secured,
        description:
          "An admin reads a reported conversation (any other answers 404); each read is written to the audit trail.",
        params: conversationParamsSchema,
        response: { 200: reportedConversationResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await messages.readReported(currentUser(request), request.params.conversationId, request.ip),
    }),
  );
}
