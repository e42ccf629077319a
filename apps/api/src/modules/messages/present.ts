import type { ConversationPerson, ConversationSummary, ReportedConversation } from "@lms/contract";
import { type CourseRef, teachesForMessages } from "../../policies/index.js";
import { excerpt } from "../discussions/present.js";
import type { ConversationDetailRow, ParticipantRow, ReportRow } from "./repo.js";

/** A participant, marked when they teach the course (a learner sees whom they write to). */
export const presentPerson = (row: ParticipantRow, course: CourseRef): ConversationPerson => ({
  _id: row.user_id,
  name: row.name,
  teacher: teachesForMessages({ id: row.user_id, role: row.role }, course),
});

export function presentSummary(
  row: ConversationDetailRow & { unread: number },
  participants: ParticipantRow[],
  last: { body: string; author_name: string | null } | undefined,
  viewerId: string,
): ConversationSummary {
  return {
    _id: row.id,
    courseId: row.course_id,
    courseTitle: row.course_title,
    subject: row.subject,
    with: participants.filter((p) => p.user_id !== viewerId).map((p) => presentPerson(p, row)),
    lastMessage: { excerpt: excerpt(last?.body ?? ""), authorName: last?.author_name ?? null },
    lastMessageAt: row.last_message_at,
    unread: Boolean(row.unread),
  };
}

export const presentReports = (rows: ReportRow[]): ReportedConversation["reports"] =>
  rows.map((row) => ({
    reporter: { _id: row.reporter_id, name: row.reporter_name },
    reason: row.reason,
    createdAt: row.created_at,
  }));
