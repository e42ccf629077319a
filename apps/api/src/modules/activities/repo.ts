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
  await logActivities(db, [activity]);
}

/** Several entries in one statement (e.g. a batch of enrollments). */
export async function logActivities(db: Kysely<Database>, activities: NewActivity[]): Promise<void> {
  if (activities.length === 0) return;
  const createdAt = nowIso();
  await db
    .insertInto("activities")
    .values(
      activities.map((activity) => ({
        id: newId(),
        user_id: activity.userId,
        type: activity.type,
        title: activity.title,
        description: activity.description ?? null,
        course_id: activity.courseId ?? null,
        metadata: activity.metadata ? JSON.stringify(activity.metadata) : null,
        ip: activity.ip ?? null,
        created_at: createdAt,
      })),
    )
    .execute();
}
