import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ZoomMeeting {
  id: number;
  uuid: string;
  topic: string;
  agenda: string;
  start_time: string;
  duration: number;
  timezone: string;
  settings: Record<string, unknown>;
  ended: boolean;
}

export interface ZoomRecordingFile {
  id: string;
  file_type: string;
  file_size: number;
  recording_start: string;
  recording_end: string;
  recording_type: string;
  status: string;
  content: Buffer;
}

/**
 * A local stand-in for Zoom that speaks its documented formats: the Server-to-Server OAuth token
 * endpoint (Basic client credentials, account_credentials grant), the meetings api under /v2 (bearer
 * token), registrants, meeting status, cloud recordings and their download URLs.
 */
export async function startZoomServer(credentials: { accountId: string; clientId: string; clientSecret: string }) {
  const meetings = new Map<number, ZoomMeeting>();
  const recordings = new Map<number, ZoomRecordingFile[]>();
  /** Download ids answered with a redirect to the given URL. */
  const redirects = new Map<string, string>();
  const calls: { method: string; path: string; body: unknown }[] = [];
  let validToken = "";
  let tokensIssued = 0;
  let failNext = 0;
  let nextId = 81_000_000_000;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://zoom.local");
      const raw = Buffer.concat(chunks).toString();
      const body = raw ? JSON.parse(raw) : undefined;
      calls.push({ method: req.method ?? "GET", path: url.pathname + url.search, body });
      const send = (status: number, payload?: unknown) => {
        res.writeHead(status, payload === undefined ? {} : { "content-type": "application/json" });
        res.end(payload === undefined ? undefined : JSON.stringify(payload));
      };

      if (url.pathname === "/oauth/token" && req.method === "POST") {
        const basic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64")}`;
        const grantOk =
          url.searchParams.get("grant_type") === "account_credentials" &&
          url.searchParams.get("account_id") === credentials.accountId;
        if (req.headers.authorization !== basic || !grantOk) {
          return send(401, { reason: "Invalid client_id or client_secret", error: "invalid_client" });
        }
        tokensIssued++;
        validToken = `token-${tokensIssued}`;
        return send(200, { access_token: validToken, token_type: "bearer", expires_in: 3599, scope: "meeting:write" });
      }
      if (req.headers.authorization !== `Bearer ${validToken}` || !validToken) {
        return send(401, { code: 124, message: "Invalid access token." });
      }
      if (failNext > 0) {
        failNext--;
        return send(500, { code: 500, message: "Internal error" });
      }

      const download = /^\/rec\/download\/(.+)$/.exec(url.pathname);
      if (download) {
        const location = redirects.get(download[1]);
        if (location) {
          res.writeHead(302, { location });
          return res.end();
        }
        const file = [...recordings.values()].flat().find((f) => f.id === download[1]);
        if (!file) return send(404, { code: 3301, message: "This recording does not exist." });
        res.writeHead(200, { "content-type": "video/mp4" });
        return res.end(file.content);
      }
      if (url.pathname === "/v2/users/me/meetings" && req.method === "POST") {
        const id = nextId++;
        const meeting: ZoomMeeting = {
          id,
          uuid: `uuid-${id}==`,
          topic: body.topic,
          agenda: body.agenda,
          start_time: body.start_time,
          duration: body.duration,
          timezone: body.timezone,
          settings: body.settings,
          ended: false,
        };
        meetings.set(id, meeting);
        return send(201, { ...meeting, type: 2, join_url: `https://zoom.test/j/${id}?pwd=shared` });
      }
      const match = /^\/v2\/meetings\/(\d+)(\/[a-z]+)?$/.exec(url.pathname);
      const meeting = match ? meetings.get(Number(match[1])) : undefined;
      if (!match || !meeting) return send(404, { code: 3001, message: "Meeting does not exist." });
      const sub = match[2] ?? "";
      if (sub === "" && req.method === "GET") {
        return send(200, { ...meeting, start_url: `https://zoom.test/s/${meeting.id}?zak=host-${Date.now()}` });
      }
      if (sub === "" && req.method === "PATCH") {
        Object.assign(meeting, body);
        return send(204);
      }
      if (sub === "" && req.method === "DELETE") {
        meetings.delete(meeting.id);
        return send(204);
      }
      if (sub === "/status" && req.method === "PUT") {
        meeting.ended = body.action === "end";
        return send(204);
      }
      if (sub === "/registrants" && req.method === "POST") {
        const tk = Buffer.from(body.email).toString("base64url");
        return send(201, {
          id: meeting.id,
          registrant_id: `reg-${tk}`,
          topic: meeting.topic,
          start_time: meeting.start_time,
          join_url: `https://zoom.test/w/${meeting.id}?tk=${tk}`,
        });
      }
      if (sub === "/recordings" && req.method === "GET") {
        const files = recordings.get(meeting.id);
        if (!files) return send(404, { code: 3301, message: "This recording does not exist." });
        return send(200, recordingList(meeting, files));
      }
      return send(404, { code: 404, message: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function recordingList(meeting: ZoomMeeting, files: ZoomRecordingFile[]) {
    return {
      uuid: meeting.uuid,
      id: meeting.id,
      topic: meeting.topic,
      start_time: files[0]?.recording_start,
      duration: meeting.duration,
      total_size: files.reduce((sum, f) => sum + f.file_size, 0),
      recording_count: files.length,
      recording_files: files.map(({ content: _content, ...file }) => ({
        ...file,
        meeting_id: meeting.uuid,
        file_extension: file.file_type,
        play_url: `https://zoom.test/rec/play/${file.id}`,
        download_url: `${origin}/rec/download/${file.id}`,
      })),
    };
  }

  return {
    env: {
      MEETING_PROVIDER: "zoom",
      ZOOM_ACCOUNT_ID: credentials.accountId,
      ZOOM_CLIENT_ID: credentials.clientId,
      ZOOM_CLIENT_SECRET: credentials.clientSecret,
      ZOOM_API_URL: `${origin}/v2`,
      ZOOM_OAUTH_URL: `${origin}/oauth/token`,
      ZOOM_DOWNLOAD_HOSTS: origin,
    },
    origin,
    meetings,
    calls,
    tokensIssued: () => tokensIssued,
    /** Makes the current access token invalid, as when Zoom expires it early. */
    expireToken: () => {
      validToken = `expired-${validToken}`;
    },
    failNextCalls: (count: number) => {
      failNext = count;
    },
    /** The download URL of this file id answers 302 to `location`. */
    redirectDownload: (fileId: string, location: string) => redirects.set(fileId, location),
    addRecording: (meetingId: number, file: ZoomRecordingFile) =>
      recordings.set(meetingId, [...(recordings.get(meetingId) ?? []), file]),
    /** The body of a recording.completed event, as Zoom sends it. */
    recordingEvent: (meetingId: number) => {
      const meeting = meetings.get(meetingId);
      if (!meeting) throw new Error("no such meeting");
      return recordingList(meeting, recordings.get(meetingId) ?? []);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
