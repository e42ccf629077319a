import { lazy, Suspense } from "react";
import { useAuth } from "@/auth/auth-context";

/** Loaded after sign-in: the stream and its events' schema are not needed to draw a page. */
const LiveStream = lazy(() => import("./LiveStream").then((m) => ({ default: m.LiveStream })));

/**
 * One live stream per signed-in tab, opened after sign-in and closed at sign-out. A visitor has none, so a
 * prerendered page (a visitor's) hydrates with no boundary waiting for this chunk: such a boundary made
 * React drop the page's HTML and draw it anew, losing what was clicked and typed meanwhile.
 */
export function LiveUpdates() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed by the user: another user signing in on this tab gets a stream of their own. */}
      <LiveStream key={user._id} />
    </Suspense>
  );
}
