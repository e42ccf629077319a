import type { LiveEvent } from "@lms/contract";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { discussionKeys } from "./discussions";
import { notificationKeys } from "./notifications";

/**
 * The one place a live event becomes query invalidations: only the queries a page shows refetch
 * (TanStack Query refetches active queries and marks the rest stale). `everything` after a gap.
 */
export function invalidationsFor(event: LiveEvent): QueryKey[] | "everything" {
  switch (event.type) {
    case "discussion":
      // The course's thread list, its unread count, the open thread and the reports.
      return [discussionKeys.all(event.courseId)];
    case "notification":
      return [notificationKeys.inbox];
    case "message":
      return [["messages"]];
    case "refetch":
      return "everything";
  }
}

export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  const keys = invalidationsFor(event);
  if (keys === "everything") void queryClient.invalidateQueries();
  else for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
