import type { MailMessage } from "../../mail/mailer.js";

const safe = (value: string) => value.replace(/[<>&"]/g, "");

/** To a user imported without a password: the link (a password-reset token) to choose one. */
export function inviteEmail(user: { name: string; email: string }, link: string, days: number, siteName: string) {
  const text = [
    `Hello ${user.name},`,
    "",
    `An account on ${siteName} has been created for you. Open this link to choose your password:`,
    link,
    "",
    `The link is valid for ${days} days and can be used once. After that, use "Forgot your password?" on the sign-in page.`,
  ].join("\n");
  const html = `<p>Hello ${safe(user.name)},</p><p>An account on ${safe(siteName)} has been created for you.</p><p><a href="${link}">Choose your password</a></p><p>The link is valid for ${days} days and can be used once. After that, use "Forgot your password?" on the sign-in page.</p>`;
  return { to: user.email, subject: `Your ${siteName} account is ready`, text, html } satisfies MailMessage;
}
