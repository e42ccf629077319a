import type { Kysely } from "kysely";
import type { SecretBox } from "../../auth/secret-box.js";
import type { Database } from "../../db/types.js";
import type { Mailer, MailMessage } from "../../mail/mailer.js";
import type { JobHandler, Outbox } from "../../outbox/outbox.js";
import { declinesEmail } from "../preferences/repo.js";
import { getSystemSettings } from "./repo.js";
import type { MailPurpose, SiteMail } from "./site-mail.js";

export const MAIL_JOB = "mail.send";

interface MailPayload {
  /** The message sealed with the app's secret: it may carry a sign-in or reset link. */
  sealed: string;
}

export interface MailQueue extends SiteMail {
  /**
   * Composes the message now (site name, `emailNotifications`, the recipient's preference decide as
   * in SiteMail) and adds a job that sends it; pass the transaction of the change that calls for it
   * (and call `deliverSoon` once it has committed). Answers false when the settings hold the message
   * back. The mail server is not involved.
   */
  send(purpose: MailPurpose, compose: (siteName: string) => MailMessage, executor?: Kysely<Database>): Promise<boolean>;
  /** Looks for queued e-mails now instead of at the next poll (a transaction that queued some committed). */
  deliverSoon(): void;
}

/** Every e-mail of a request goes out through a job, so a slow or absent mail server never fails a request. */
export function createMailQueue(deps: { db: Kysely<Database>; outbox: Outbox; box: SecretBox }): MailQueue {
  const { outbox, box } = deps;
  return {
    async send(purpose, compose, executor) {
      const reader = executor ?? deps.db;
      const { siteName, emailNotifications } = await getSystemSettings(reader);
      if (purpose === "notification" && !emailNotifications) return false;
      const message = { fromName: siteName, ...compose(siteName) };
      if (purpose === "notification" && (await declinesEmail(reader, message.to))) return false;
      const payload: MailPayload = { sealed: box.seal(JSON.stringify(message)) };
      await outbox.enqueue(reader, MAIL_JOB, payload);
      // Inside a transaction the job is not visible until the commit: the caller kicks then.
      if (!executor) outbox.kick();
      return true;
    },
    deliverSoon: () => outbox.kick(),
  };
}

/** Sends one queued message; a mail server that is down or refuses throws, and the job is retried with backoff. */
export function createMailJob(deps: { mailer: Mailer; box: SecretBox }): JobHandler {
  return {
    async run(payload) {
      const message = JSON.parse(deps.box.open((payload as MailPayload).sealed)) as MailMessage;
      await deps.mailer.send(message);
    },
  };
}
