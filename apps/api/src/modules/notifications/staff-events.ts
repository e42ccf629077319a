import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { MailMessage } from "../../mail/mailer.js";
import type { MailQueue } from "../settings/mail-queue.js";
import { notifyUser, type ProductEvent } from "./events.js";
import { markRead } from "./repo.js";

type Instructor = { id: string; name: string; email: string };

/** The course's instructor while their account is active; nobody to tell otherwise. */
async function activeInstructor(db: Kysely<Database>, courseId: string): Promise<Instructor | undefined> {
  return db
    .selectFrom("courses as c")
    .innerJoin("users as u", "u.id", "c.instructor_id")
    .select(["u.id", "u.name", "u.email"])
    .where("c.id", "=", courseId)
    .where("u.status", "=", "active")
    .executeTakeFirst();
}

type GradedAssessment = { id: string; title: string; course_id: string };

/** How many submissions of the assessment wait for a hand grade, the event saying so, and the instructor's unread one. */
async function gradingState(db: Kysely<Database>, instructor: Instructor, assessment: GradedAssessment, stamp: string) {
  const waiting = await db
    .selectFrom("assessment_attempts")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("assessment_id", "=", assessment.id)
    .where("state", "=", "submitted")
    .executeTakeFirstOrThrow();
  const count = Number(waiting.count);
  const event: ProductEvent = {
    kind: "grading",
    title: `Grading needed: ${assessment.title}`,
    message: `${count} ${count === 1 ? "submission needs" : "submissions need"} grading in ${assessment.title}.`,
    link: `/instructor/courses/${assessment.course_id}/assessments/${assessment.id}/grade`,
    stamp,
  };
  const unread = await db
    .selectFrom("notifications as n")
    .innerJoin("notification_recipients as r", "r.notification_id", "n.id")
    .select("n.id")
    .where("n.kind", "=", "grading")
    .where("n.link", "=", event.link)
    .where("r.user_id", "=", instructor.id)
    .where("r.read_at", "is", null)
    .executeTakeFirst();
  return { event, count, unread: unread?.id };
}

async function updateGrading(
  db: Kysely<Database>,
  id: string,
  event: ProductEvent,
  count: number,
  instructorId: string,
  stamp: string,
) {
  if (count === 0) {
    await markRead(db, instructorId, id, stamp);
    return;
  }
  await db
    .updateTable("notifications")
    .set({ title: event.title, message: event.message, created_at: stamp })
    .where("id", "=", id)
    .execute();
}

function message(instructor: Instructor, event: ProductEvent, url: string, siteName: string): MailMessage {
  const text = [`Hello ${instructor.name},`, "", event.message, "", url, "", `The ${siteName} team`].join("\n");
  return { to: instructor.email, subject: event.title, text };
}

/**
 * What instructors are told about their own courses (issue 21): in the bell at once and by e-mail
 * (a `notification`, so the `emailNotifications` setting and the instructor's preference decide).
 * Callers pass the transaction of the change; the e-mail is queued in it and sent after the commit.
 */
export function createStaffNotifier(deps: { mail: MailQueue; publicUrl: string }) {
  const { mail, publicUrl } = deps;

  async function tell(db: Kysely<Database>, instructor: Instructor, event: ProductEvent) {
    await notifyUser(db, instructor.id, event);
    await mail.send(
      "notification",
      (siteName) => message(instructor, event, `${publicUrl}${event.link}`, siteName),
      db,
    );
  }

  return {
    /** Sends what the committed transactions queued now rather than at the next poll. */
    deliverSoon: () => mail.deliverSoon(),

    /** An admin published the course, or sent it back from review with a comment. */
    async courseReviewed(
      db: Kysely<Database>,
      course: { id: string; title: string },
      decision: { published: true } | { published: false; comment: string },
      stamp: string,
    ) {
      const instructor = await activeInstructor(db, course.id);
      if (!instructor) return;
      await tell(db, instructor, {
        kind: "course_review",
        title: decision.published ? `Published: ${course.title}` : `Changes requested: ${course.title}`,
        message: decision.published
          ? `Your course ${course.title} is published: learners can find it and enroll.`
          : `Your course ${course.title} was sent back from review: ${decision.comment}`,
        link: `/courses/${course.id}`,
        stamp,
      });
    },

    /**
     * A submission now waits for a hand grade. One unread notification per assessment and
     * instructor says how many wait, updated in place while unread (a class of 200 gives one, and
     * one e-mail); once it is read, the next submission starts a new one.
     */
    async gradingNeeded(db: Kysely<Database>, assessment: GradedAssessment, stamp: string) {
      const instructor = await activeInstructor(db, assessment.course_id);
      if (!instructor) return;
      const { event, count, unread } = await gradingState(db, instructor, assessment, stamp);
      if (!unread) return tell(db, instructor, event);
      await updateGrading(db, unread, event, count, instructor.id, stamp);
    },

    /** A submission was graded: the unread notification counts what is left, and is read once nothing is. */
    async gradingProgressed(db: Kysely<Database>, assessment: GradedAssessment, stamp: string) {
      const instructor = await activeInstructor(db, assessment.course_id);
      if (!instructor) return;
      const { event, count, unread } = await gradingState(db, instructor, assessment, stamp);
      if (unread) await updateGrading(db, unread, event, count, instructor.id, stamp);
    },
  };
}
export type StaffNotifier = ReturnType<typeof createStaffNotifier>;
