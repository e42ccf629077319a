import {
  type CataloguedMessage,
  courseParamsSchema,
  DISCUSSION_MESSAGES as D,
  discussionAcceptSchema,
  discussionFlagSchema,
  discussionListQuerySchema,
  discussionListResponseSchema,
  discussionReplyCreateSchema,
  discussionReplyParamsSchema,
  discussionReplyResponseSchema,
  discussionReplyUpdateSchema,
  discussionReportCreateSchema,
  discussionReportParamsSchema,
  discussionReportsResponseSchema,
  discussionSettingsResponseSchema,
  discussionSettingsSchema,
  discussionThreadCreateSchema,
  discussionThreadParamsSchema,
  discussionThreadResponseSchema,
  discussionThreadUpdateSchema,
  discussionUnreadResponseSchema,
  messageResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly, signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import { canUseDiscussionModeration } from "../../policies/index.js";
import type { DiscussionService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }], tags: ["discussions"] };
// Discussions are no part of any shared read cache.
const config = { touchesNoCachedData: true };
const ok = (message: CataloguedMessage) => ({ success: true as const, message: message.text });

/**
 * A course's discussion forum (issue 23): its managers and enrolled learners read and write;
 * anyone else gets 403 `not enrolled`. Moderation routes are for the course's managers.
 */
export async function discussionRoutes(
  app: FastifyInstance,
  { guard, discussions }: { guard: Guard; discussions: DiscussionService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = signedIn(guard);
  const moderators = allowOnly(guard, canUseDiscussionModeration);
  const thread = "/courses/:id/discussions/:threadId";

  r.get(
    "/courses/:id/discussions",
    {
      onRequest,
      schema: {
        ...secured,
        description:
          "One page of the course's threads: pinned first, then newest activity; `search` matches title and body.",
        params: courseParamsSchema,
        querystring: discussionListQuerySchema,
        response: { 200: discussionListResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await discussions.list(currentUser(request), request.params.id, request.query),
    }),
  );

  r.get(
    "/courses/:id/discussions/unread",
    {
      onRequest,
      schema: {
        ...secured,
        description: "How many of the course's threads have activity the caller has not seen (the tab's count).",
        params: courseParamsSchema,
        response: { 200: discussionUnreadResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await discussions.unread(currentUser(request), request.params.id),
    }),
  );

  r.post(
    "/courses/:id/discussions",
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description: "Starts a thread (a discussion or a Q&A question); its body is sanitised rich text.",
        params: courseParamsSchema,
        body: discussionThreadCreateSchema,
        response: { 201: discussionThreadResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const data = await discussions.create(currentUser(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, data, message: D.threadCreated.text });
    },
  );

  r.get(
    thread,
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description:
          "The thread and the replies the caller may see (post-before-view Q&A holds other learners' back); marks it read.",
        params: discussionThreadParamsSchema,
        response: { 200: discussionThreadResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await discussions.get(currentUser(request), request.params.id, request.params.threadId),
    }),
  );

  r.put(
    thread,
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description: "Its author edits the thread's title or body within the edit window.",
        params: discussionThreadParamsSchema,
        body: discussionThreadUpdateSchema,
        response: { 200: discussionThreadResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, threadId } = request.params;
      const data = await discussions.update(currentUser(request), id, threadId, request.body);
      return { success: true as const, data, message: D.threadUpdated.text };
    },
  );

  r.delete(
    thread,
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description: "Deletes the thread with its replies: its author or a course manager.",
        params: discussionThreadParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await discussions.remove(currentUser(request), request.params.id, request.params.threadId);
      return ok(D.threadDeleted);
    },
  );

  r.post(
    `${thread}/replies`,
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description: "Replies to the thread, or to one of its replies (`parentId`); 409 when the thread is locked.",
        params: discussionThreadParamsSchema,
        body: discussionReplyCreateSchema,
        response: { 201: discussionReplyResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { id, threadId } = request.params;
      const data = { reply: await discussions.reply(currentUser(request), id, threadId, request.body) };
      return reply.status(201).send({ success: true as const, data, message: D.replyPosted.text });
    },
  );

  r.put(
    `${thread}/replies/:postId`,
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description: "Its author edits a reply within the edit window.",
        params: discussionReplyParamsSchema,
        body: discussionReplyUpdateSchema,
        response: { 200: discussionReplyResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, threadId, postId } = request.params;
      const data = {
        reply: await discussions.updateReply(currentUser(request), id, threadId, postId, request.body.body),
      };
      return { success: true as const, data, message: D.replyUpdated.text };
    },
  );

  r.delete(
    `${thread}/replies/:postId`,
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description: "Deletes a reply and the replies that answer it: its author or a course manager.",
        params: discussionReplyParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, threadId, postId } = request.params;
      await discussions.removeReply(currentUser(request), id, threadId, postId);
      return ok(D.replyDeleted);
    },
  );

  r.put(
    `${thread}/pinned`,
    {
      onRequest: moderators,
      config,
      schema: {
        ...secured,
        description: "Pins the thread above the others, or unpins it: the course's managers.",
        params: discussionThreadParamsSchema,
        body: discussionFlagSchema,
        response: { 200: discussionThreadResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, threadId } = request.params;
      const data = await discussions.setPinned(currentUser(request), id, threadId, request.body.value);
      return { success: true as const, data, message: (request.body.value ? D.pinned : D.unpinned).text };
    },
  );

  r.put(
    `${thread}/locked`,
    {
      onRequest: moderators,
      config,
      schema: {
        ...secured,
        description: "Locks the thread (no more replies) or unlocks it: the course's managers.",
        params: discussionThreadParamsSchema,
        body: discussionFlagSchema,
        response: { 200: discussionThreadResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, threadId } = request.params;
      const data = await discussions.setLocked(currentUser(request), id, threadId, request.body.value);
      return { success: true as const, data, message: (request.body.value ? D.locked : D.unlocked).text };
    },
  );

  r.put(
    `${thread}/accepted`,
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description:
          "Marks a reply of a Q&A thread as its accepted answer (null clears it): the asker or a course manager.",
        params: discussionThreadParamsSchema,
        body: discussionAcceptSchema,
        response: { 200: discussionThreadResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, threadId } = request.params;
      const data = await discussions.accept(currentUser(request), id, threadId, request.body.postId);
      return { success: true as const, data, message: (request.body.postId ? D.answerAccepted : D.answerCleared).text };
    },
  );

  r.post(
    `${thread}/reports`,
    {
      onRequest,
      config,
      schema: {
        ...secured,
        description:
          "Reports a reply (or, without `postId`, the thread's opening post) to the course's managers; once per post.",
        params: discussionThreadParamsSchema,
        body: discussionReportCreateSchema,
        response: { 201: messageResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      await discussions.report(currentUser(request), request.params.id, request.params.threadId, request.body);
      return reply.status(201).send(ok(D.reported));
    },
  );

  for (const [method, on] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    r.route({
      method,
      url: `${thread}/subscription`,
      onRequest,
      config,
      schema: {
        ...secured,
        description: on
          ? "Subscribes the caller to the thread's new replies."
          : "Unsubscribes the caller from the thread.",
        params: discussionThreadParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
      handler: async (request) => {
        await discussions.subscribe(currentUser(request), request.params.id, request.params.threadId, on);
        return ok(on ? D.subscribed : D.unsubscribed);
      },
    });
    r.route({
      method,
      url: "/courses/:id/discussion-subscription",
      onRequest: moderators,
      config,
      schema: {
        ...secured,
        description: on
          ? "A course manager hears of every new thread and reply in the course."
          : "Ends the caller's subscription to the whole course.",
        params: courseParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
      handler: async (request) => {
        await discussions.subscribeCourse(currentUser(request), request.params.id, on);
        return ok(on ? D.courseSubscribed : D.courseUnsubscribed);
      },
    });
  }

  r.get(
    "/courses/:id/discussion-reports",
    {
      onRequest: moderators,
      schema: {
        ...secured,
        description: "The course's open reports, oldest first: the course's managers.",
        params: courseParamsSchema,
        response: { 200: discussionReportsResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { reports: await discussions.reports(currentUser(request), request.params.id) },
    }),
  );

  r.post(
    "/courses/:id/discussion-reports/:reportId/dismiss",
    {
      onRequest: moderators,
      config,
      schema: {
        ...secured,
        description: "Dismisses a report (the post stays): the course's managers.",
        params: discussionReportParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      await discussions.dismissReport(currentUser(request), request.params.id, request.params.reportId);
      return ok(D.reportDismissed);
    },
  );

  r.put(
    "/courses/:id/discussion-settings",
    {
      onRequest: moderators,
      config,
      schema: {
        ...secured,
        description: "The course's forum settings (post-before-view in Q&A threads): the course's managers.",
        params: courseParamsSchema,
        body: discussionSettingsSchema,
        response: { 200: discussionSettingsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const settings = await discussions.saveSettings(
        currentUser(request),
        request.params.id,
        request.body.postBeforeView,
      );
      return { success: true as const, data: { settings }, message: D.settingsSaved.text };
    },
  );
}
