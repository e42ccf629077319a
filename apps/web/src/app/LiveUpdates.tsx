import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { connectLive } from "@/api/live-connection";
import { applyLiveEvent } from "@/api/live-events";
import { useAuth } from "@/auth/auth-context";

/**
 * One live stream per signed-in tab, opened after sign-in and closed at sign-out: what changes
 * elsewhere (a reply, a notification) refreshes the queries showing it. Renders nothing.
 */
export function LiveUpdates() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?._id;

  useEffect(() => {
    if (!userId) return;
    return connectLive((event) => applyLiveEvent(queryClient, event));
  }, [userId, queryClient]);

  return null;
}
