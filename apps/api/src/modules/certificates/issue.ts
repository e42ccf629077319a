import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { jobWriter } from "../../outbox/outbox.js";
import { logActivities } from "../activities/repo.js";
import { notifyUserWithEmail } from "../notifications/events.js";
import { newCertificateId } from "./certificate-id.js";
import { insertCertificates } from "./repo.js";

/** Learners per statement: keeps each insert's bound parameters well under both databases' limits. */
const CHUNK = 500;

/**
 * Issues the certificates of learners who just completed a course, in the completion's own
 * transaction: the unique (learner, course) key lets only one insert through whatever races (double
 * clicks, retries, two processes), and only what was inserted is logged and notified (in-app, and
 * by e-mail per the learner's preferences through the notification e-mail job).
 */
export async function issueCertificates(db: Kysely<Database>, courseId: string, userIds: string[], stamp: string) {
  for (let start = 0; start < userIds.length; start += CHUNK) {
    await issueChunk(db, courseId, userIds.slice(start, start + CHUNK), stamp);
  }
}

async function issueChunk(db: Kysely<Database>, courseId: string, userIds: string[], stamp: string) {
  const course = await db
    .selectFrom("courses")
    .leftJoin("users as instructor", "instructor.id", "courses.instructor_id")
    .select(["courses.title", "instructor.name as instructor_name"])
    .where("courses.id", "=", courseId)
    .executeTakeFirst();
  if (!course) return;
  const learners = await db.selectFrom("users").select(["id", "name"]).where("id", "in", userIds).execute();
  const issued = await insertCertificates(
    db,
    learners.map((learner) => ({
      id: newCertificateId(),
      user_id: learner.id,
      course_id: courseId,
      learner_name: learner.name,
      course_title: course.title,
      instructor_name: course.instructor_name,
      issued_at: stamp,
    })),
  );
  if (issued.length === 0) return;
  await logActivities(
    db,
    issued.map((row) => ({
      userId: row.user_id,
      type: "certificate_earned" as const,
      title: `Earned the certificate of ${course.title}`,
      courseId,
      metadata: { certificateId: row.id },
    })),
  );
  for (const row of issued) {
    await notifyUserWithEmail(db, jobWriter, row.user_id, {
      kind: "certificate",
      title: `Your certificate for ${course.title}`,
      message: `You completed ${course.title}. Download your certificate from the course page or your profile.`,
      link: `/courses/${courseId}`,
      stamp,
    });
  }
}
