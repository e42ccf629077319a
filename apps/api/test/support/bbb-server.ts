import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface BbbMeeting {
  meetingID: string;
  name: string;
  attendeePW: string;
  moderatorPW: string;
  params: URLSearchParams;
  running: boolean;
}

export interface BbbRecording {
  recordID: string;
  meetingID: string;
  name: string;
  startTime: number;
  endTime: number;
  /** With a "video" playback format whose file is served here; otherwise only "presentation". */
  video: Buffer | null;
}

/** The checksum BigBlueButton expects: hash(callName + queryString + secret). */
export const bbbChecksumOf = (algorithm: "sha1" | "sha256", call: string, query: string, secret: string) =>
  createHash(algorithm).update(`${call}${query}${secret}`).digest("hex");

/** Splits a BBB api URL into its call, its query without the checksum, and the checksum. */
export function splitBbbUrl(url: string) {
  const parsed = new URL(url);
  const call = parsed.pathname.split("/").at(-1) ?? "";
  const query = parsed.search.slice(1);
  const match = /^(.*)&checksum=([0-9a-f]+)$/.exec(query);
  return {
    call,
    query: match?.[1] ?? query,
    checksum: match?.[2] ?? "",
    params: new URLSearchParams(match?.[1] ?? ""),
  };
}

const xml = (fields: Record<string, string>, inner = "") =>
  `<?xml version="1.0"?><response>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join("")}${inner}</response>`;

/**
 * A local stand-in for a BigBlueButton server: /bigbluebutton/api/{create,end,getRecordings} with
 * checksum verification and XML answers as documented, and published video files under /playback.
 */
export async function startBbbServer(secret: string, algorithm: "sha1" | "sha256") {
  const meetings = new Map<string, BbbMeeting>();
  const recordings: BbbRecording[] = [];
  const calls: { call: string; params: URLSearchParams }[] = [];

  const server = http.createServer((req, res) => {
    const url = `http://bbb.local${req.url ?? "/"}`;
    const path = new URL(url).pathname;
    const video = /^\/playback\/video\/([^/]+)\/video-0\.m4v$/.exec(path);
    if (video) {
      const recording = recordings.find((r) => r.recordID === video[1] && r.video);
      res.writeHead(recording ? 200 : 404, { "content-type": "video/mp4" });
      return res.end(recording?.video ?? undefined);
    }
    const send = (body: string) => {
      res.writeHead(200, { "content-type": "text/xml" });
      res.end(body);
    };
    if (!path.startsWith("/bigbluebutton/api/")) {
      res.writeHead(404);
      return res.end();
    }
    const { call, query, checksum, params } = splitBbbUrl(url);
    if (checksum !== bbbChecksumOf(algorithm, call, query, secret)) {
      return send(
        xml({
          returncode: "FAILED",
          messageKey: "checksumError",
          message: "You did not pass the checksum security check",
        }),
      );
    }
    calls.push({ call, params });
    const meetingID = params.get("meetingID") ?? "";
    if (call === "create") {
      const existing = meetings.get(meetingID);
      const meeting = existing ?? {
        meetingID,
        name: params.get("name") ?? "",
        attendeePW: params.get("attendeePW") ?? "",
        moderatorPW: params.get("moderatorPW") ?? "",
        params,
        running: true,
      };
      meetings.set(meetingID, meeting);
      return send(
        xml({
          returncode: "SUCCESS",
          meetingID,
          internalMeetingID: `internal-${meetingID}`,
          attendeePW: meeting.attendeePW,
          moderatorPW: meeting.moderatorPW,
          createTime: String(Date.now()),
          hasBeenForciblyEnded: "false",
          messageKey: existing ? "duplicateWarning" : "",
          message: existing ? "This conference was already in existence and may currently be in progress." : "",
        }),
      );
    }
    if (call === "end") {
      const meeting = meetings.get(meetingID);
      if (!meeting?.running || params.get("password") !== meeting.moderatorPW) {
        return send(xml({ returncode: "FAILED", messageKey: "notFound", message: "We could not find a meeting" }));
      }
      meeting.running = false;
      return send(xml({ returncode: "SUCCESS", messageKey: "sentEndMeetingRequest", message: "" }));
    }
    if (call === "getRecordings") {
      const found = recordings.filter((r) => r.meetingID === meetingID);
      if (found.length === 0) {
        return send(
          xml(
            { returncode: "SUCCESS", messageKey: "noRecordings", message: "There are no recordings" },
            "<recordings/>",
          ),
        );
      }
      const origin = `http://${req.headers.host}`;
      const items = found
        .map(
          (r) =>
            `<recording><recordID>${r.recordID}</recordID><meetingID>${r.meetingID}</meetingID>` +
            `<name>${r.name}</name><published>true</published><state>published</state>` +
            `<startTime>${r.startTime}</startTime><endTime>${r.endTime}</endTime><playback>` +
            `<format><type>presentation</type><url>${origin}/playback/presentation/2.3/${r.recordID}</url><length>1</length></format>` +
            (r.video
              ? `<format><type>video</type><url>${origin}/playback/video/${r.recordID}/</url><length>1</length></format>`
              : "") +
            "</playback></recording>",
        )
        .join("");
      return send(xml({ returncode: "SUCCESS" }, `<recordings>${items}</recordings>`));
    }
    return send(xml({ returncode: "FAILED", messageKey: "unsupportedRequest", message: "" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bigbluebutton`;

  return {
    base,
    env: { MEETING_PROVIDER: "bbb", BBB_URL: base, BBB_SECRET: secret, BBB_CHECKSUM: algorithm },
    meetings,
    calls,
    addRecording: (recording: BbbRecording) => recordings.push(recording),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
