import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/** Who reads a course's discussions: its instructor, the admins and its enrolled learners, all active. */
export async function courseMemberIds(db: Db, courseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("users as u")
    .select("u.id")
    .where("u.status", "=", "active")
    .where((eb) =>
      eb.or([
        eb("u.id", "in", eb.selectFrom("enrollments").select("user_id").where("course_id", "=", courseId)),
        eb.and([
          eb("u.role", "=", "instructor"),
          eb("u.id", "in", eb.selectFrom("courses").select("instructor_id").where("id", "=", courseId)),
        ]),
        eb("u.role", "in", ["admin", "super_admin"]),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** The users who see a notification in their bell. */
export async function notificationRecipientIds(db: Db, notificationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("notification_recipients")
    .select("user_id")
    .where("notification_id", "=", notificationId)
    .where("in_app", "=", 1)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Whether the user may still hold a stream (a ticket outlives a suspension by seconds at most). */
export async function isActiveUser(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("status").where("id", "=", userId).executeTakeFirst();
  return row?.status === "active";
}
