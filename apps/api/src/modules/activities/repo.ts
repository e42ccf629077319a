import type { ActivityType } from "@lms/contract";
import type { Kysely } from "kysely";
import { newId, nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";

export interface NewActivity {
  userId: string | null;
  type: ActivityType;
  title: string;
  description?: string;
  courseId?: string;
  metadata?: Record<string, unknown>;
  ip?: string;
}

export async function logActivity(db: Kysely<Database>, activity: NewActivity): Promise<void> {
  await db
    .insertInto("activities")
    .values({
      id: newId(),
      user_id: activity.userId,
      type: activity.type,
      title: activity.title,
      description: activity.description ?? null,
      course_id: activity.courseId ?? null,
      metadata: activity.metadata ? JSON.stringify(activity.metadata) : null,
      ip: activity.ip ?? null,
      created_at: nowIso(),
    })
    .execute();
}
