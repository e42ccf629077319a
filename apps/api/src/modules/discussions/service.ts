import {
  DISCUSSION_MESSAGES as D,
  DISCUSSION_EDIT_WINDOW_MINUTES,
  type DiscussionListQuery,
  type DiscussionReplyCreate,
  type DiscussionThreadCreate,
  type DiscussionThreadUpdate,
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
  canAcceptDiscussionAnswer,
  canDeleteDiscussionPost,
  canEditDiscussionPost,
  canModerateDiscussions,
  canTakePartInDiscussions,
  mustPostBeforeViewing,
} from "../../policies/index.js";
import { logActivity } from "../activities/repo.js";
import { hasVisibleText, sanitizeQuestionText as sanitizeRichText } from "../assessments/rich-text.js";
import { COURSE_NOT_FOUND, findCourse, isEnrolled, NOT_ENROLLED, NOT_YOUR_COURSE } from "../courses/access.js";
import { notifyUsersWithEmail } from "../notifications/events.js";
import { recordStatements, xapiPaths } from "../xapi/record.js";
import { publishDiscussionChange } from "./events.js";
import { presentAuthor, presentReply, presentReport, presentThreadSummary } from "./present.js";
import * as repo from "./repo.js";

type Db = Kysely<Database>;
type Course = NonNullable<Awaited<ReturnType<typeof findCourse>>>;

/** The sanitised body; refused when nothing readable is left (e.g. only a script). */
function cleanBody(html: string): string {
  const body = sanitizeRichText(html);
  if (!hasVisibleText(body)) throw badRequest(D.bodyRequired, [fieldError("body", D.bodyRequired)]);
  return body;
}

export function createDiscussionService({ db, outbox, now }: { db: Db; outbox: Outbox; now: () => Date }) {
  /** The course, if the actor may take part in its discussions: 404, or 403 `not enrolled`. */
  async function courseFor(actor: Actor, courseId: string) {
    const course = await findCourse(db, courseId);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (!canTakePartInDiscussions(actor, course, await isEnrolled(db, actor.id, courseId))) {
      throw forbidden(NOT_ENROLLED);
    }
    return course;
  }

  async function courseToModerate(actor: Actor, courseId: string) {
    const course = await courseFor(actor, courseId);
    if (!canModerateDiscussions(actor, course)) throw forbidden(NOT_YOUR_COURSE);
    return course;
  }

  async function threadOf(actor: Actor, courseId: string, threadId: string) {
    const course = await courseFor(actor, courseId);
    const thread = await repo.findThread(db, courseId, threadId, actor.id);
    if (!thread) throw notFound(D.threadNotFound);
    return { course, thread };
  }

  async function replyOf(actor: Actor, courseId: string, threadId: string, postId: string) {
    const { course, thread } = await threadOf(actor, courseId, threadId);
    const post = await repo.findPost(db, threadId, postId);
    if (!post) throw notFound(D.postNotFound);
    return { course, thread, post };
  }

  /** Tells the thread's and the course's subscribers (never the author), in-app and by e-mail. */
  async function notify(
    trx: Db,
    course: Course,
    thread: { id: string; title: string },
    authorId: string,
    kind: "thread" | "reply",
    authorName: string,
  ) {
    const userIds = await repo.audience(trx, course.id, kind === "reply" ? thread.id : null, authorId);
    if (userIds.length === 0) return false;
    await notifyUsersWithEmail(trx, outbox, userIds, {
      kind: "discussion_reply",
      title: kind === "reply" ? `New reply in "${thread.title}"` : `New discussion in ${course.title}`,
      message:
        kind === "reply"
          ? `${authorName} replied to "${thread.title}" in ${course.title}.`
          : `${authorName} started "${thread.title}" in ${course.title}.`,
      link: `/courses/${course.id}?tab=discussions&thread=${thread.id}`,
      stamp: now().toISOString(),
    });
    return true;
  }

  const authorName = async (actor: Actor) =>
    (await db.selectFrom("users").select("name").where("id", "=", actor.id).executeTakeFirstOrThrow()).name;

  /** The thread with the replies the caller may see; opening it marks it read (a write only when it was unread). */
  async function view(actor: Actor, courseId: string, threadId: string) {
    const { course, thread } = await threadOf(actor, courseId, threadId);
    const at = now();
    const [rows, subscribed, postBeforeView, replied] = await Promise.all([
      repo.replies(db, threadId),
      repo.isSubscribed(db, threadId, actor.id),
      repo.postBeforeView(db, courseId),
      repo.hasReplied(db, threadId, actor.id),
      thread.unread ? repo.markRead(db, threadId, actor.id, thread.last_activity_at) : undefined,
    ]);
    const holdBack = mustPostBeforeViewing(actor, course, thread, { postBeforeView }, replied);
    const visible = holdBack ? rows.filter((row) => presentAuthor(row, course)?.manager) : rows;
    const moderator = canModerateDiscussions(actor, course);
    return {
      thread: {
        ...presentThreadSummary({ ...thread, unread: 0 }, course),
        body: thread.body,
        editedAt: thread.edited_at,
        acceptedPostId: thread.accepted_post_id,
        subscribed,
        canEdit: canEditDiscussionPost(actor, course, thread, at, DISCUSSION_EDIT_WINDOW_MINUTES),
        canDelete: canDeleteDiscussionPost(actor, course, thread),
        canModerate: moderator,
        canAccept: thread.type === "question" && canAcceptDiscussionAnswer(actor, course, thread),
      },
      replies: visible.map((row) =>
        presentReply(row, course, thread.accepted_post_id, {
          edit: canEditDiscussionPost(actor, course, row, at, DISCUSSION_EDIT_WINDOW_MINUTES),
          delete: canDeleteDiscussionPost(actor, course, row),
        }),
      ),
      hiddenReplies: rows.length - visible.length,
    };
  }

  return {
    async list(actor: Actor, courseId: string, query: DiscussionListQuery) {
      const course = await courseFor(actor, courseId);
      const search = query.search || undefined;
      const [rows, unreadCount, courseSubscribed, postBeforeView] = await Promise.all([
        repo.threadsPage(db, actor.id, courseId, { ...query, search }),
        repo.unreadCount(db, courseId, actor.id),
        repo.isCourseSubscribed(db, courseId, actor.id),
        repo.postBeforeView(db, courseId),
      ]);
      // A search's page says how many match; the plain list's total is stored.
      const matches = rows[0]?.matches;
      const total = matches === undefined ? await repo.threadsTotal(db, courseId, search) : Number(matches);
      return {
        threads: rows.map((row) => presentThreadSummary(row, course)),
        pagination: pagination(query, total),
        unreadCount,
        canModerate: canModerateDiscussions(actor, course),
        courseSubscribed,
        settings: { postBeforeView },
      };
    },

    async unread(actor: Actor, courseId: string) {
      await courseFor(actor, courseId);
      return { unreadCount: await repo.unreadCount(db, courseId, actor.id) };
    },

    get: view,

    async create(actor: Actor, courseId: string, input: DiscussionThreadCreate) {
      const course = await courseFor(actor, courseId);
      const body = cleanBody(input.body);
      const id = newId();
      const stamp = now().toISOString();
      const title = input.title.trim();
      const name = await authorName(actor);
      const notified = await db.transaction().execute(async (trx) => {
        await repo.insertThread(trx, {
          id,
          course_id: courseId,
          author_id: actor.id,
          type: input.type ?? "discussion",
          title,
          body,
          pinned: 0,
          locked: 0,
          accepted_post_id: null,
          reply_count: 0,
          last_activity_at: stamp,
          created_at: stamp,
          edited_at: null,
        });
        await repo.subscribe(trx, id, actor.id);
        await repo.markRead(trx, id, actor.id, stamp);
        await logActivity(trx, {
          userId: actor.id,
          type: "discussion_post",
          title: `Started a discussion: ${title}`,
          courseId,
          metadata: { threadId: id },
        });
        await recordStatements(trx, [
          {
            userId: actor.id,
            verb: "commented",
            object: { type: "discussion", path: xapiPaths.discussion(courseId, id), name: title },
            courseId,
            at: stamp,
          },
        ]);
        return notify(trx, course, { id, title }, actor.id, "thread", name);
      });
      if (notified) outbox.kick();
      publishDiscussionChange({ courseId, threadId: id, change: "thread" });
      return view(actor, courseId, id);
    },

    async update(actor: Actor, courseId: string, threadId: string, input: DiscussionThreadUpdate) {
      const { course, thread } = await threadOf(actor, courseId, threadId);
      assertMayEdit(actor, course, thread);
      await repo.updateThread(db, threadId, {
        title: input.title?.trim() ?? thread.title,
        body: input.body === undefined ? thread.body : cleanBody(input.body),
        edited_at: now().toISOString(),
      });
      publishDiscussionChange({ courseId, threadId, change: "edit" });
      return view(actor, courseId, threadId);
    },

    async remove(actor: Actor, courseId: string, threadId: string) {
      const { course, thread } = await threadOf(actor, courseId, threadId);
      if (!canDeleteDiscussionPost(actor, course, thread)) throw forbidden(D.notAuthorOrManager);
      await repo.deleteThread(db, threadId);
      publishDiscussionChange({ courseId, threadId, change: "delete" });
    },

    async reply(actor: Actor, courseId: string, threadId: string, input: DiscussionReplyCreate) {
      const { course, thread } = await threadOf(actor, courseId, threadId);
      if (thread.locked) throw conflict(D.threadLocked);
      if (input.parentId) {
        const parent = await repo.findPost(db, threadId, input.parentId);
        if (!parent) throw notFound(D.postNotFound);
        if (parent.parent_id) throw badRequest(D.replyTooDeep, [fieldError("parentId", D.replyTooDeep)]);
      }
      const body = cleanBody(input.body);
      const id = newId();
      const stamp = now().toISOString();
      const name = await authorName(actor);
      const notified = await db.transaction().execute(async (trx) => {
        // The read mark before the thread's row: a view of the thread by the same user takes its read
        // mark and then the thread's row too, so both wait in the same order (never a deadlock).
        await repo.markRead(trx, threadId, actor.id, stamp);
        await repo.insertReply(trx, {
          id,
          thread_id: threadId,
          parent_id: input.parentId ?? null,
          author_id: actor.id,
          body,
          created_at: stamp,
          edited_at: null,
        });
        await repo.subscribe(trx, threadId, actor.id);
        await logActivity(trx, {
          userId: actor.id,
          type: "discussion_reply",
          title: `Replied to: ${thread.title}`,
          courseId,
          metadata: { threadId, postId: id },
        });
        await recordStatements(trx, [
          {
            userId: actor.id,
            verb: "commented",
            object: { type: "discussion", path: xapiPaths.discussion(courseId, threadId), name: thread.title },
            courseId,
            at: stamp,
          },
        ]);
        return notify(trx, course, thread, actor.id, "reply", name);
      });
      if (notified) outbox.kick();
      publishDiscussionChange({ courseId, threadId, change: "reply" });
      return replyView(actor, course, threadId, id);
    },

    async updateReply(actor: Actor, courseId: string, threadId: string, postId: string, html: string) {
      const { course, post } = await replyOf(actor, courseId, threadId, postId);
      assertMayEdit(actor, course, post);
      await repo.updatePost(db, postId, { body: cleanBody(html), edited_at: now().toISOString() });
      publishDiscussionChange({ courseId, threadId, change: "edit" });
      return replyView(actor, course, threadId, postId);
    },

    async removeReply(actor: Actor, courseId: string, threadId: string, postId: string) {
      const { course, post } = await replyOf(actor, courseId, threadId, postId);
      if (!canDeleteDiscussionPost(actor, course, post)) throw forbidden(D.notAuthorOrManager);
      await db.transaction().execute((trx) => repo.deleteReply(trx, threadId, postId));
      publishDiscussionChange({ courseId, threadId, change: "delete" });
    },

    async setPinned(actor: Actor, courseId: string, threadId: string, value: boolean) {
      await courseToModerate(actor, courseId);
      await threadOf(actor, courseId, threadId);
      await repo.updateThread(db, threadId, { pinned: value ? 1 : 0 });
      publishDiscussionChange({ courseId, threadId, change: "moderation" });
      return view(actor, courseId, threadId);
    },

    async setLocked(actor: Actor, courseId: string, threadId: string, value: boolean) {
      await courseToModerate(actor, courseId);
      await threadOf(actor, courseId, threadId);
      await repo.updateThread(db, threadId, { locked: value ? 1 : 0 });
      publishDiscussionChange({ courseId, threadId, change: "moderation" });
      return view(actor, courseId, threadId);
    },

    /** Marks one reply of a Q&A thread as its accepted answer (or clears it with null). */
    async accept(actor: Actor, courseId: string, threadId: string, postId: string | null) {
      const { course, thread } = await threadOf(actor, courseId, threadId);
      if (thread.type !== "question") throw conflict(D.notAQuestion);
      if (!canAcceptDiscussionAnswer(actor, course, thread)) throw forbidden(D.notAsker);
      if (postId && !(await repo.findPost(db, threadId, postId))) throw notFound(D.postNotFound);
      await repo.updateThread(db, threadId, { accepted_post_id: postId });
      publishDiscussionChange({ courseId, threadId, change: "moderation" });
      return view(actor, courseId, threadId);
    },

    /** A report of a reply, or of the thread's opening post; once per post and user. */
    async report(actor: Actor, courseId: string, threadId: string, input: { postId?: string; reason?: string }) {
      const { thread } = await threadOf(actor, courseId, threadId);
      const post = input.postId ? await repo.findPost(db, threadId, input.postId) : null;
      if (input.postId && !post) throw notFound(D.postNotFound);
      const authorId = post ? post.author_id : thread.author_id;
      if (authorId === actor.id) throw badRequest(D.ownPost, [fieldError("postId", D.ownPost)]);
      try {
        await repo.insertReport(db, {
          id: newId(),
          course_id: courseId,
          thread_id: threadId,
          post_id: post?.id ?? null,
          target_id: post?.id ?? threadId,
          reporter_id: actor.id,
          reason: input.reason || null,
          created_at: now().toISOString(),
          dismissed_at: null,
          dismissed_by: null,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(D.alreadyReported);
        throw error;
      }
    },

    async reports(actor: Actor, courseId: string) {
      await courseToModerate(actor, courseId);
      return (await repo.openReports(db, courseId)).map(presentReport);
    },

    async dismissReport(actor: Actor, courseId: string, reportId: string) {
      await courseToModerate(actor, courseId);
      if (!(await repo.findReport(db, courseId, reportId))) throw notFound(D.reportNotFound);
      const result = await repo.dismissReport(db, reportId, actor.id, now().toISOString());
      if (Number(result.numUpdatedRows) === 0) throw conflict(D.reportClosed);
    },

    async subscribe(actor: Actor, courseId: string, threadId: string, on: boolean) {
      await threadOf(actor, courseId, threadId);
      await (on ? repo.subscribe(db, threadId, actor.id) : repo.unsubscribe(db, threadId, actor.id));
    },

    async subscribeCourse(actor: Actor, courseId: string, on: boolean) {
      await courseToModerate(actor, courseId);
      await (on ? repo.subscribeCourse(db, courseId, actor.id) : repo.unsubscribeCourse(db, courseId, actor.id));
    },

    async saveSettings(actor: Actor, courseId: string, postBeforeView: boolean) {
      await courseToModerate(actor, courseId);
      await repo.saveSettings(db, courseId, postBeforeView);
      return { postBeforeView };
    },
  };

  function assertMayEdit(actor: Actor, course: Course, post: { author_id: string | null; created_at: string }) {
    if (post.author_id !== actor.id) throw forbidden(D.notAuthor);
    if (!canEditDiscussionPost(actor, course, post, now(), DISCUSSION_EDIT_WINDOW_MINUTES)) {
      throw forbidden(D.editWindowOver);
    }
  }

  async function replyView(actor: Actor, course: Course, threadId: string, postId: string) {
    const thread = await repo.findThread(db, course.id, threadId, actor.id);
    const row = await repo.replyRow(db, threadId, postId);
    if (!thread || !row) throw notFound(D.postNotFound);
    return presentReply(row, course, thread.accepted_post_id, {
      edit: canEditDiscussionPost(actor, course, row, now(), DISCUSSION_EDIT_WINDOW_MINUTES),
      delete: canDeleteDiscussionPost(actor, course, row),
    });
  }
}
export type DiscussionService = ReturnType<typeof createDiscussionService>;
