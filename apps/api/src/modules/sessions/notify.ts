import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { MailMessage } from "../../mail/mailer.js";
import type { Outbox } from "../../outbox/outbox.js";
import { notifyCourseLearners } from "../notifications/events.js";
import { parsePreferences } from "../preferences/repo.js";
import type { MailQueue } from "../settings/mail-queue.js";
import { enrolledLearners, type SessionRow } from "./repo.js";

export type SessionChange = "scheduled" | "moved" | "cancelled";
export const SESSION_MAIL_JOB = "session.mail";

/** What the e-mails tell, kept in the job: a cancelled session may be gone when the job runs. */
type SessionFacts = Pick<
  SessionRow,
  "id" | "course_id" | "course_title" | "title" | "description" | "scheduled_at" | "timezone" | "duration" | "location"
>;
interface SessionMailPayload {
  change: SessionChange;
  session: SessionFacts;
  previousStart?: string;
}

/** "Monday 3 March 2025 at 10:00 (Asia/Kolkata)": the time on the clocks of the zone it names. */
export const sessionTimeText = (iso: string, timezone: string) =>
  `${new Intl.DateTimeFormat("en-GB", { timeZone: timezone, dateStyle: "full", timeStyle: "short" }).format(new Date(iso))} (${timezone})`;

const SUBJECTS: Record<SessionChange, string> = {
  scheduled: "New session scheduled",
  moved: "Session rescheduled",
  cancelled: "Session cancelled",
};

interface Recipient {
  name: string;
  email: string;
  /** The zone the recipient's saved preferences name, else the session's. */
  timezone: string;
}

function message(
  change: SessionChange,
  session: SessionFacts,
  learner: Recipient,
  courseUrl: string,
  siteName: string,
  previousStart?: string,
): MailMessage {
  const when = sessionTimeText(session.scheduled_at, learner.timezone);
  const intro: Record<SessionChange, string> = {
    scheduled: `A new live session has been scheduled in ${session.course_title}.`,
    moved: `A live session of ${session.course_title} has moved to a new time.`,
    cancelled: `A live session of ${session.course_title} has been cancelled.`,
  };
  const lines = [
    `Hello ${learner.name},`,
    "",
    intro[change],
    "",
    session.title,
    change === "cancelled" ? `Was planned for: ${when}` : `When: ${when}`,
    ...(change === "moved" && previousStart ? [`Previously: ${sessionTimeText(previousStart, learner.timezone)}`] : []),
    ...(change === "cancelled"
      ? []
      : [
          `Duration: ${session.duration} minutes`,
          `Where: ${session.location === "live" ? "Online, join from the course page" : "In person"}`,
        ]),
    ...(session.description && change !== "cancelled" ? ["", session.description] : []),
    "",
    `Course page: ${courseUrl}`,
    "",
    `The ${siteName} team`,
  ];
  return { to: learner.email, subject: `${SUBJECTS[change]}: ${session.title}`, text: lines.join("\n") };
}

/**
 * Tells the learners of a course about a scheduled, moved or cancelled session: in-app at once
 * (one INSERT ... SELECT), by e-mail through a `session.mail` job, which queues one e-mail per
 * enrolled learner in one transaction (each then sent, and retried, on its own).
 */
export function createSessionNotifier(deps: {
  db: Kysely<Database>;
  mail: MailQueue;
  outbox: Outbox;
  publicUrl: string;
}) {
  const { db, mail, outbox, publicUrl } = deps;
  outbox.register(SESSION_MAIL_JOB, {
    async run(payload) {
      const { change, session, previousStart } = payload as SessionMailPayload;
      const courseUrl = `${publicUrl}/courses/${session.course_id}`;
      const learners = await enrolledLearners(db, session.course_id);
      await db.transaction().execute(async (trx) => {
        for (const learner of learners) {
          const timezone = parsePreferences(learner.preferences ?? undefined).timezone ?? session.timezone;
          const recipient = { name: learner.name, email: learner.email, timezone };
          await mail.send(
            "notification",
            (siteName) => message(change, session, recipient, courseUrl, siteName, previousStart),
            trx,
          );
        }
      });
    },
  });

  return async (change: SessionChange, session: SessionRow, previousStart?: string) => {
    await notifyCourseLearners(db, session.course_id, {
      kind: change === "moved" ? "session_moved" : "session",
      title: `${SUBJECTS[change]}: ${session.title}`,
      message: `${session.course_title}, ${sessionTimeText(session.scheduled_at, session.timezone)}`,
      link: `/courses/${session.course_id}`,
      stamp: new Date().toISOString(),
    });
    const { id, course_id, course_title, title, description, scheduled_at, timezone, duration, location } = session;
    const facts = { id, course_id, course_title, title, description, scheduled_at, timezone, duration, location };
    await outbox.enqueue(db, SESSION_MAIL_JOB, { change, session: facts, previousStart } satisfies SessionMailPayload);
    outbox.kick();
  };
}
export type SessionNotifier = ReturnType<typeof createSessionNotifier>;
