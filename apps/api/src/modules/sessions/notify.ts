import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { BackgroundTasks } from "../../background/tasks.js";
import type { Database } from "../../db/types.js";
import type { MailMessage } from "../../mail/mailer.js";
import { notifyCourseLearners } from "../notifications/events.js";
import type { SiteMail } from "../settings/site-mail.js";
import { enrolledLearners, type SessionRow } from "./repo.js";

export type SessionChange = "scheduled" | "moved" | "cancelled";

/** "Monday 3 March 2025 at 10:00 (Asia/Kolkata)" in the session's own timezone. */
export const sessionTimeText = (iso: string, timezone: string) =>
  `${new Intl.DateTimeFormat("en-GB", { timeZone: timezone, dateStyle: "full", timeStyle: "short" }).format(new Date(iso))} (${timezone})`;

const SUBJECTS: Record<SessionChange, string> = {
  scheduled: "New session scheduled",
  moved: "Session rescheduled",
  cancelled: "Session cancelled",
};

function message(
  change: SessionChange,
  session: SessionRow,
  learner: { name: string; email: string },
  courseUrl: string,
  siteName: string,
  previousStart?: string,
): MailMessage {
  const when = sessionTimeText(session.scheduled_at, session.timezone);
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
    ...(change === "moved" && previousStart ? [`Previously: ${sessionTimeText(previousStart, session.timezone)}`] : []),
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
 * (one INSERT ... SELECT), by e-mail after the answer.
 */
export function createSessionNotifier(deps: {
  db: Kysely<Database>;
  mail: SiteMail;
  tasks: BackgroundTasks;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  return async (change: SessionChange, session: SessionRow, previousStart?: string) => {
    await notifyCourseLearners(deps.db, session.course_id, {
      kind: "session",
      title: `${SUBJECTS[change]}: ${session.title}`,
      message: `${session.course_title}, ${sessionTimeText(session.scheduled_at, session.timezone)}`,
      link: `/courses/${session.course_id}`,
      stamp: new Date().toISOString(),
    });
    deps.tasks.run(`session ${change} mail`, async () => {
      const courseUrl = `${deps.publicUrl}/courses/${session.course_id}`;
      const learners = await enrolledLearners(deps.db, session.course_id);
      let failed = 0;
      for (const learner of learners) {
        await deps.mail
          .send("notification", (siteName) => message(change, session, learner, courseUrl, siteName, previousStart))
          .catch(() => failed++);
      }
      if (failed) deps.log.warn({ sessionId: session.id, failed }, "some session e-mails could not be sent");
    });
  };
}
export type SessionNotifier = ReturnType<typeof createSessionNotifier>;
