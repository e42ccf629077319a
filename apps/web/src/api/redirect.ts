/** Pages opened from an e-mail link: they work signed out, so a session ending there keeps the page. */
const EMAIL_LINK_PAGES = ["/confirm-email/", "/reset-password/"];

/** Full-page navigation (spec §8): drops every piece of in-memory state of the signed-out session. */
export function redirectToLogin(): void {
  if (EMAIL_LINK_PAGES.some((page) => window.location.pathname.startsWith(page))) return;
  window.location.assign("/login");
}
