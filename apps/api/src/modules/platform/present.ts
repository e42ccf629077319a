import type { RecentActivity } from "@lms/contract";
import type { RecentActivityRow } from "./repo.js";

export function presentRecentActivity(row: RecentActivityRow): RecentActivity {
  const name = row.current_user_name ?? row.user_name;
  return {
    _id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    user: name ? { _id: row.user_id, name, email: row.user_email, role: row.user_role } : null,
    course:
      row.course_id && row.course_title
        ? { _id: row.course_id, title: row.course_title, courseCode: row.course_code }
        : null,
    createdAt: row.created_at,
  };
}
