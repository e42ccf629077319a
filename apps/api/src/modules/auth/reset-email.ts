import type { MailMessage } from "../../mail/mailer.js";

export function passwordResetEmail(user: { name: string; email: string }, link: string, siteName: string): MailMessage {
  const text = [
    `Hello ${user.name},`,
    "",
    `Someone asked to reset the password of your ${siteName} account. Open this link to choose a new one:`,
    link,
    "",
    "The link is valid for one hour and can be used once. If you did not ask for this, ignore this e-mail.",
    "",
    `The ${siteName} team`,
  ].join("\n");
  const safe = (value: string) => value.replace(/[<>&"]/g, "");
  const html = `<p>Hello ${safe(user.name)},</p><p>Someone asked to reset the password of your ${safe(siteName)} account.</p><p><a href="${link}">Choose a new password</a></p><p>The link is valid for one hour and can be used once. If you did not ask for this, ignore this e-mail.</p><p>The ${safe(siteName)} team</p>`;
  return { to: user.email, subject: `Reset your ${siteName} password`, text, html };
}
