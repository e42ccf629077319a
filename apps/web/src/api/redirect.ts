/** Full-page navigation (spec §8): drops every piece of in-memory state of the signed-out session. */
export function redirectToLogin(): void {
  window.location.assign("/login");
}
