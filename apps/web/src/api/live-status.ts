import { useSyncExternalStore } from "react";

// Apart from the stream (live-connection.ts): reading the status must not load the events' schema
// into the first load.
let connected = false;
const watchers = new Set<() => void>();
export function setLiveConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const watch of watchers) watch();
}

/** Whether this tab's live stream is open (polls may rest meanwhile). */
export const useLiveConnected = () =>
  useSyncExternalStore(
    (watch) => {
      watchers.add(watch);
      return () => watchers.delete(watch);
    },
    () => connected,
    () => false,
  );
