import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNotifications } from "@/api/notifications";
import { sessionKeys } from "@/api/sessions";

/**
 * When the bell brings news that a class has started, the session lists reload, so the class
 * shows as ongoing with its Join button without reloading the page. It reads the bell's own query.
 */
export function useRefreshOnSessionStart() {
  const inbox = useNotifications(true);
  const queryClient = useQueryClient();
  const loaded = inbox.data !== undefined;
  const newestStart = inbox.data?.notifications.find((item) => item.kind === "session_started")?._id;
  // null until the inbox is read: what it holds then is not news.
  const seen = useRef<string | undefined | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (seen.current !== null && seen.current !== newestStart) {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    }
    seen.current = newestStart;
  }, [loaded, newestStart, queryClient]);
}
