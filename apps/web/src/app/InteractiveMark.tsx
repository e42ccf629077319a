import { useEffect } from "react";

/**
 * Marks the document once React runs the screen (rendered beside it, so its effect runs when the screen is
 * hydrated or rendered). Until then public/theme-init.js holds back form submissions: on a prerendered
 * page, a sign-in form submitted by the browser itself would put its fields in the address.
 */
export function InteractiveMark() {
  useEffect(() => {
    document.documentElement.setAttribute("data-interactive", "");
  }, []);
  return null;
}
