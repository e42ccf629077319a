import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { Mailer, MailMessage } from "../../mail/mailer.js";
import { declinesEmail } from "../preferences/repo.js";
import { getSystemSettings } from "./repo.js";

/**
 * `security` mail (password reset, set-password invitations) always goes; everything else is a
 * `notification` and goes only while the `emailNotifications` setting is on and its recipient has
 * not turned e-mail notifications off in their preferences.
 */
export type MailPurpose = "security" | "notification";

export interface SiteMail {
  /** Composes the message with the current site name and sends it; false when the settings hold it back. */
  send(purpose: MailPurpose, compose: (siteName: string) => MailMessage): Promise<boolean>;
}

/** The one way the api sends e-mail, so the site name and `emailNotifications` apply to every message. */
export function createSiteMail(db: Kysely<Database>, mailer: Mailer): SiteMail {
  return {
    async send(purpose, compose) {
      const { siteName, emailNotifications } = await getSystemSettings(db);
      if (purpose === "notification" && !emailNotifications) return false;
      const message = compose(siteName);
      if (purpose === "notification" && (await declinesEmail(db, message.to))) return false;
      await mailer.send({ fromName: siteName, ...message });
      return true;
    },
  };
}
