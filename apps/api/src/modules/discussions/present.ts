import type { DiscussionReply, DiscussionReport, DiscussionThreadSummary } from "@lms/contract";
import { type CourseRef, canManageCourse } from "../../policies/index.js";
import type { ReplyRow, ReportRow, ThreadSummaryRow } from "./repo.js";

const EXCERPT_LENGTH = 200;

/** The author, marked when they manage the course (their answers stand out, and stay visible). */
export function presentAuthor(
  row: { author_id: string | null; author_name: string | null; author_role: string | null },
  course: CourseRef,
) {
  if (!row.author_id || !row.author_name || !row.author_role) return null;
  const manager = canManageCourse({ id: row.author_id, role: row.author_role }, course);
  return { _id: row.author_id, name: row.author_name, manager };
}

export function presentThreadSummary(row: ThreadSummaryRow, course: CourseRef): DiscussionThreadSummary {
  return {
    _id: row.id,
    courseId: row.course_id,
    type: row.type,
    title: row.title,
    author: presentAuthor(row, course),
    pinned: Boolean(row.pinned),
    locked: Boolean(row.locked),
    answered: row.accepted_post_id !== null,
    replyCount: row.reply_count,
    lastActivityAt: row.last_activity_at,
    createdAt: row.created_at,
    unread: Boolean(row.unread),
  };
}

export function presentReply(
  row: ReplyRow,
  course: CourseRef,
  acceptedPostId: string | null,
  can: { edit: boolean; delete: boolean },
): DiscussionReply {
  return {
    _id: row.id,
    parentId: row.parent_id,
    author: presentAuthor(row, course),
    body: row.body,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    accepted: row.id === acceptedPostId,
    canEdit: can.edit,
    canDelete: can.delete,
  };
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&nbsp;": " ",
};

/** Tags that break a line: their text is kept apart; inline tags (bold, links) join their neighbours. */
const BLOCK_TAG = /<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|pre|table|tr|td|th)\b[^>]*>/gi;

/** Plain text of the sanitised HTML, for a short preview (a reported post, a conversation's last message). */
export const excerpt = (html: string) => {
  const text = html
    .replace(BLOCK_TAG, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity])
    .replace(/\s+/g, " ")
    .trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
};

export function presentReport(row: ReportRow): DiscussionReport {
  return {
    _id: row.id,
    threadId: row.thread_id,
    threadTitle: row.thread_title,
    postId: row.post_id,
    excerpt: excerpt(row.body ?? ""),
    postAuthor: row.author_id && row.author_name ? { _id: row.author_id, name: row.author_name } : null,
    reporter: { _id: row.reporter_id, name: row.reporter_name },
    reason: row.reason,
    createdAt: row.created_at,
  };
}
