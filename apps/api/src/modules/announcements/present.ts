import type { Announcement } from "@lms/contract";
import type { AnnouncementWithAuthor } from "./repo.js";

export function presentAnnouncement(row: AnnouncementWithAuthor): Announcement {
  return {
    _id: row.id,
    courseId: row.course_id,
    title: row.title,
    description: row.description,
    content: row.content,
    author: row.author_id && row.author_name ? { _id: row.author_id, name: row.author_name } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
