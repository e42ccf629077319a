import { useEffect } from "react";

/**
 * Marks the document once React runs the screen (rendered beside it, so its effect runs when the screen is
 * hydrated or rendered). Until then public/theme-init.js holds back the clicks and form submissions made on
 * a prerendered page, and replays them once it is set.
 */
export function InteractiveMark() {
  useEffect(() => {
    document.documentElement.setAttribute("data-interactive", "");
  }, []);
  return null;
}
