import type { ActivityType } from "@lms/contract";
import type { Kysely } from "kysely";
import { newId } from "../../src/db/ids.js";
import type { Database } from "../../src/db/types.js";

/** One activity entry at a chosen time, with the snapshots the log would take. */
export async function makeActivity(
  db: Kysely<Database>,
  entry: {
    user?: { id: string; name: string; email: string; role: string } | null;
    course?: { id: string; title: string; course_code: string } | null;
    type?: ActivityType;
    title?: string;
    description?: string | null;
    createdAt: string;
  },
) {
  const row = {
    id: newId(),
    user_id: entry.user?.id ?? null,
    type: entry.type ?? "course_view",
    title: entry.title ?? "Viewed a course",
    description: entry.description ?? null,
    course_id: entry.course?.id ?? null,
    metadata: null,
    ip: null,
    user_name: entry.user?.name ?? null,
    user_email: entry.user?.email ?? null,
    user_role: entry.user?.role ?? null,
    course_title: entry.course?.title ?? null,
    course_code: entry.course?.course_code ?? null,
    created_at: entry.createdAt,
  };
  await db.insertInto("activities").values(row).execute();
  return row;
}
