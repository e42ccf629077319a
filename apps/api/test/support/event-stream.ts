import http from "node:http";
import type { LiveEvent } from "@lms/contract";

export interface ReceivedEvent {
  id: string | undefined;
  data: LiveEvent;
}

/** A real HTTP client of a Server-Sent Events stream: what it answered, and the events as they come. */
export interface EventStreamClient {
  status: number;
  /** The body of a refusal (JSON), empty for a stream. */
  body: string;
  events: ReceivedEvent[];
  comments: string[];
  /** Resolves with the first event received (so far or later) that matches, or fails after `ms`. */
  waitFor(match: (event: ReceivedEvent) => boolean, ms?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` (on a listening server) and reads it as an event stream, the way a browser's EventSource does. */
export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: "text/event-stream", ...headers } }, (response) => {
      const events: ReceivedEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = "";
      let body = "";
      let endStream: () => void = () => undefined;
      const ended = new Promise<void>((done) => {
        endStream = done;
      });
      const isStream = String(response.headers["content-type"]).startsWith("text/event-stream");
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (!isStream) {
          body += chunk;
          return;
        }
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("id: ")) id = line.slice(4);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ id, data: JSON.parse(data.join("\n")) });
          for (const wake of waiters) wake();
          end = buffer.indexOf("\n\n");
        }
      });
      response.on("end", () => endStream());
      response.on("close", () => endStream());
      const client: EventStreamClient = {
        status: response.statusCode ?? 0,
        get body() {
          return body;
        },
        events,
        comments,
        ended,
        waitFor(match, ms = 5000) {
          return new Promise((found, fail) => {
            const check = () => {
              const hit = events.find(match);
              if (!hit) return;
              waiters.delete(check);
              clearTimeout(timer);
              found(hit);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
            }, ms);
            waiters.add(check);
            check();
          });
        },
        close: () => request.destroy(),
      };
      if (isStream) resolve(client);
      else response.on("end", () => resolve(client));
    });
    request.on("error", (error) => {
      if ((error as NodeJS.ErrnoException).code !== "ECONNRESET") reject(error);
    });
  });
}
