import type { MailMessage } from "../../mail/mailer.js";

const safe = (value: string) => value.replace(/[<>&"]/g, "");

/** To the new address: the link that makes the change. */
export function emailChangeConfirmEmail(name: string, newEmail: string, link: string, siteName: string): MailMessage {
  const text = [
    `Hello ${name},`,
    "",
    `Open this link to make ${newEmail} the e-mail address of your ${siteName} account:`,
    link,
    "",
    "The link is valid for one hour and can be used once. If you did not ask for this, ignore this e-mail.",
  ].join("\n");
  const html = `<p>Hello ${safe(name)},</p><p>Open this link to make ${safe(newEmail)} the e-mail address of your ${safe(siteName)} account:</p><p><a href="${link}">Confirm my new e-mail address</a></p><p>The link is valid for one hour and can be used once. If you did not ask for this, ignore this e-mail.</p>`;
  return { to: newEmail, subject: `Confirm your new ${siteName} e-mail address`, text, html };
}

/** To the current address: a warning, so a stolen session cannot move the account silently. */
export function emailChangeNoticeEmail(user: { name: string; email: string }, newEmail: string, siteName: string) {
  const text = [
    `Hello ${user.name},`,
    "",
    `Someone asked to change the e-mail address of your ${siteName} account to ${newEmail}.`,
    "Nothing changes until the link sent to that address is opened. If this was not you, change your password now.",
  ].join("\n");
  const html = `<p>Hello ${safe(user.name)},</p><p>Someone asked to change the e-mail address of your ${safe(siteName)} account to ${safe(newEmail)}.</p><p>Nothing changes until the link sent to that address is opened. If this was not you, change your password now.</p>`;
  return {
    to: user.email,
    subject: `Your ${siteName} e-mail address is being changed`,
    text,
    html,
  } satisfies MailMessage;
}
