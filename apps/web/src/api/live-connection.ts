import { type LiveEvent, type LiveTicket, liveEventSchema } from "@lms/contract";
import { api } from "./client";
import { setLiveConnected as setConnected } from "./live-status";

/** Waits before reconnecting: doubling from a second up to half a minute, from the start after a success. */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * Holds this tab's live stream open: buys a single-use ticket with the session's token, opens an
 * EventSource with it, and after any failure opens a new one with a new ticket, sending the last
 * event id so the server replays what was missed. (The browser's own reconnection would reuse the
 * spent ticket, so it is not relied on.) Answers a function that closes it for good.
 */
export function connectLive(onEvent: (event: LiveEvent) => void): () => void {
  let source: EventSource | null = null;
  let lastId: string | null = null;
  let retryMs = RETRY_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const retry = () => {
    setConnected(false);
    if (stopped) return;
    timer = setTimeout(() => void open(), retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  async function open() {
    let ticket: string;
    try {
      ticket = (await api.post<LiveTicket>("/live/tickets")).data.ticket;
    } catch {
      retry();
      return;
    }
    if (stopped) return;
    const query = new URLSearchParams({ ticket });
    if (lastId) query.set("lastEventId", lastId);
    const stream = new EventSource(`/api/live/stream?${query}`);
    source = stream;
    stream.onopen = () => {
      retryMs = RETRY_FIRST_MS;
      setConnected(true);
    };
    stream.onmessage = (message: MessageEvent<string>) => {
      if (message.lastEventId) lastId = message.lastEventId;
      try {
        const event = liveEventSchema.safeParse(JSON.parse(message.data));
        if (event.success) onEvent(event.data);
      } catch {
        // Not an event of ours: nothing to refresh.
      }
    };
    stream.onerror = () => {
      stream.close();
      if (source === stream) source = null;
      retry();
    };
  }

  void open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
    setConnected(false);
  };
}
