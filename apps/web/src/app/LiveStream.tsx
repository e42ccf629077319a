import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { connectLive } from "@/api/live-connection";
import { applyLiveEvent } from "@/api/live-events";

/** A signed-in user's live stream: what changes elsewhere (a reply, a notification) refreshes the queries showing it. */
export function LiveStream() {
  const queryClient = useQueryClient();
  useEffect(() => connectLive((event) => applyLiveEvent(queryClient, event)), [queryClient]);
  return null;
}
