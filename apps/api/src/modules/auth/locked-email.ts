import type { MailMessage } from "../../mail/mailer.js";

/** To the owner of an account whose sign-in was just locked after too many failed attempts. */
export function accountLockedEmail(
  user: { name: string; email: string },
  { failures, minutes, resetLink }: { failures: number; minutes: number; resetLink: string },
  siteName: string,
): MailMessage {
  const what = `There were ${failures} failed sign-in attempts on your ${siteName} account, so signing in to it is locked for ${minutes} minutes.`;
  const next =
    "If that was you, wait and try again, or reset your password now: a new password ends the lock at once. " +
    "If it was not you, someone may be guessing your password: reset it to be safe.";
  const text = [`Hello ${user.name},`, "", what, "", next, resetLink, "", `The ${siteName} team`].join("\n");
  const safe = (value: string) => value.replace(/[<>&"]/g, "");
  const html = `<p>Hello ${safe(user.name)},</p><p>${safe(what)}</p><p>${safe(next)}</p><p><a href="${resetLink}">Reset your password</a></p><p>The ${safe(siteName)} team</p>`;
  return {
    to: user.email,
    subject: `Sign-in to your ${siteName} account is locked for ${minutes} minutes`,
    text,
    html,
  };
}
