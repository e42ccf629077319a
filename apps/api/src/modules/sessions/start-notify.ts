import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { MailMessage } from "../../mail/mailer.js";
import type { Outbox } from "../../outbox/outbox.js";
import { notifyCourseLearners } from "../notifications/events.js";
import type { MailQueue } from "../settings/mail-queue.js";
import { enrolledLearners, type SessionRow } from "./repo.js";

export const SESSION_STARTED_JOB = "session.started";

/** Where a learner joins an ongoing session: the dashboard's Learning Activities offer Join. */
export const JOIN_PAGE = "/dashboard";

interface StartedPayload {
  session: Pick<SessionRow, "id" | "course_id" | "course_title" | "title" | "location">;
  startedAt: string;
}

const titleOf = (session: StartedPayload["session"]) => `Session started: ${session.title}`;

function message(
  { session }: StartedPayload,
  learner: { name: string; email: string },
  joinUrl: string,
  siteName: string,
): MailMessage {
  const lines = [
    `Hello ${learner.name},`,
    "",
    `${session.title} of ${session.course_title} has started.`,
    session.location === "live" ? `Join it now: ${joinUrl}` : "It takes place in person.",
    "",
    `The ${siteName} team`,
  ];
  return { to: learner.email, subject: titleOf(session), text: lines.join("\n") };
}

/**
 * Tells a course's learners that its session has started: in-app and by e-mail (for those whose
 * preferences allow), all from one `session.started` job so that starting a big class answers at
 * once. The job is keyed by the session, so a session can announce its start only once.
 */
export function createStartNotifier(deps: {
  db: Kysely<Database>;
  mail: MailQueue;
  outbox: Outbox;
  publicUrl: string;
}) {
  const { db, mail, outbox, publicUrl } = deps;
  outbox.register(SESSION_STARTED_JOB, {
    async run(raw) {
      const payload = raw as StartedPayload;
      const { session } = payload;
      const learners = await enrolledLearners(db, session.course_id);
      // One transaction: a retried job never leaves a second bell notification behind.
      await db.transaction().execute(async (trx) => {
        await notifyCourseLearners(trx, session.course_id, {
          kind: "session_started",
          title: titleOf(session),
          message:
            session.location === "live"
              ? `${session.course_title}: the class is on now. Join it from your dashboard.`
              : `${session.course_title}: the class is on now, in person.`,
          link: JOIN_PAGE,
          stamp: payload.startedAt,
        });
        for (const learner of learners) {
          await mail.send(
            "notification",
            (siteName) => message(payload, learner, `${publicUrl}${JOIN_PAGE}`, siteName),
            trx,
          );
        }
      });
      mail.deliverSoon();
    },
  });

  /** Queues the announcement in the transaction that starts the session; kick the outbox after it commits. */
  return async (executor: Kysely<Database>, row: SessionRow, startedAt: string): Promise<void> => {
    const { id, course_id, course_title, title, location } = row;
    const payload: StartedPayload = { session: { id, course_id, course_title, title, location }, startedAt };
    await outbox.enqueue(executor, SESSION_STARTED_JOB, payload, { uniqueKey: `${SESSION_STARTED_JOB}:${id}` });
  };
}
export type StartNotifier = ReturnType<typeof createStartNotifier>;
