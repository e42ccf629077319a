import type { MailMessage } from "../../mail/mailer.js";

export function passwordResetEmail(user: { name: string; email: string }, link: string): MailMessage {
  const text = [
    `Hello ${user.name},`,
    "",
    "Someone asked to reset the password of your account. Open this link to choose a new one:",
    link,
    "",
    "The link is valid for one hour and can be used once. If you did not ask for this, ignore this e-mail.",
  ].join("\n");
  const safeName = user.name.replace(/[<>&"]/g, "");
  const html = `<p>Hello ${safeName},</p><p>Someone asked to reset the password of your account.</p><p><a href="${link}">Choose a new password</a></p><p>The link is valid for one hour and can be used once. If you did not ask for this, ignore this e-mail.</p>`;
  return { to: user.email, subject: "Reset your password", text, html };
}
