import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { XMLParser } from "fast-xml-parser";
import {
  callService,
  type MeetingProvider,
  MeetingServiceError,
  type MeetingSession,
  type ProviderRecordingFile,
} from "./provider.js";

export interface BbbConfig {
  provider: "bbb";
  /** The server's api base, e.g. https://bbb.example.com/bigbluebutton */
  url: string;
  secret: string;
  checksum: "sha1" | "sha256";
}

export interface BbbCallbacks {
  /** Called by BigBlueButton when the meeting ends. */
  meetingEndedUrl(sessionId: string): string;
  /** Called by BigBlueButton when a recording has been processed. */
  recordingReadyUrl: string;
}

const DOWNLOAD_TIMEOUT_MS = 60 * 60_000;
const VIDEO_FILE = /\.(mp4|m4v|webm)$/i;

const xml = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === "recording" || name === "format",
});

interface BbbFormat {
  type?: string;
  url?: string;
  length?: string;
}
interface BbbRecording {
  recordID?: string;
  name?: string;
  startTime?: string;
  endTime?: string;
  playback?: { format?: BbbFormat[] };
}
interface BbbResponse {
  returncode?: string;
  messageKey?: string;
  recordings?: { recording?: BbbRecording[] } | string;
}

/** The checksum of a BigBlueButton api call: hash(callName + queryString + secret). */
export const bbbChecksum = (algorithm: BbbConfig["checksum"], call: string, query: string, secret: string) =>
  createHash(algorithm).update(`${call}${query}${secret}`).digest("hex");

const queryOf = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join("&");

/** The video file of a recording: the "video" playback format, whose page holds video-0.m4v. */
function videoFileUrl(formats: BbbFormat[]): string | null {
  const url = formats.find((f) => f.type === "video")?.url;
  if (!url) return null;
  return VIDEO_FILE.test(url) ? url : `${url.replace(/\/?$/, "/")}video-0.m4v`;
}

function toRecording(recording: BbbRecording, title: string): ProviderRecordingFile | null {
  if (!recording.recordID) return null;
  const formats = recording.playback?.format ?? [];
  const start = Number(recording.startTime) || Date.now();
  const end = Number(recording.endTime) || start;
  return {
    id: recording.recordID,
    title: recording.name || title,
    recordedAt: new Date(start).toISOString(),
    durationSeconds: Math.max(0, Math.round((end - start) / 1000)),
    size: null,
    downloadUrl: videoFileUrl(formats),
    playbackUrl: formats.find((f) => f.type === "presentation")?.url ?? formats[0]?.url ?? null,
  };
}

/**
 * BigBlueButton through its checksummed api. A BBB meeting only lives while people are in it, so
 * scheduling just reserves an id and passwords; `create` (idempotent) runs when someone joins.
 */
export function createBbbProvider(config: BbbConfig, callbacks: BbbCallbacks): MeetingProvider {
  const base = config.url.replace(/\/+$/, "");
  const callUrl = (call: string, params: Record<string, string>) => {
    const query = queryOf(params);
    return `${base}/api/${call}?${query}&checksum=${bbbChecksum(config.checksum, call, query, config.secret)}`;
  };

  async function call(name: string, params: Record<string, string>, okKeys: string[] = []): Promise<BbbResponse> {
    const response = await callService(callUrl(name, params));
    if (!response.ok) throw new MeetingServiceError(`bbb ${name}: ${response.status}`);
    let body: BbbResponse | undefined;
    try {
      body = (xml.parse(await response.text()) as { response?: BbbResponse }).response;
    } catch {
      throw new MeetingServiceError(`bbb ${name}: answer is not XML`);
    }
    const ok = body?.returncode === "SUCCESS" || okKeys.includes(body?.messageKey ?? "");
    if (!body || !ok) throw new MeetingServiceError(`bbb ${name}: ${body?.messageKey ?? "no response"}`);
    return body;
  }

  const passwords = (session: MeetingSession) => ({
    moderator: String(session.meetingData.moderatorPW ?? ""),
    attendee: String(session.meetingData.attendeePW ?? ""),
  });

  return {
    name: "bbb",
    hasCloudRecordings: true,
    async createMeeting() {
      return {
        meetingId: `lms-${randomBytes(12).toString("hex")}`,
        data: { moderatorPW: randomBytes(12).toString("hex"), attendeePW: randomBytes(12).toString("hex") },
      };
    },
    async updateMeeting() {},
    async deleteMeeting(session) {
      await call("end", { meetingID: session.meetingId, password: passwords(session).moderator }, ["notFound"]);
    },
    async endMeeting(session) {
      await call("end", { meetingID: session.meetingId, password: passwords(session).moderator }, ["notFound"]);
    },
    async joinLink(session, person, role) {
      const pw = passwords(session);
      await call("create", {
        name: session.title,
        meetingID: session.meetingId,
        attendeePW: pw.attendee,
        moderatorPW: pw.moderator,
        record: "true",
        autoStartRecording: "false",
        allowStartStopRecording: "true",
        meta_endCallbackUrl: callbacks.meetingEndedUrl(session.id),
        "meta_bbb-recording-ready-url": callbacks.recordingReadyUrl,
      });
      return callUrl("join", {
        fullName: person.name,
        meetingID: session.meetingId,
        password: role === "host" ? pw.moderator : pw.attendee,
        role: role === "host" ? "MODERATOR" : "VIEWER",
        userID: person.id,
        redirect: "true",
      });
    },
    async listRecordings(session) {
      const body = await call("getRecordings", { meetingID: session.meetingId }, ["noRecordings"]);
      const list = typeof body.recordings === "object" ? (body.recordings.recording ?? []) : [];
      return list.map((r) => toRecording(r, session.title)).filter((r) => r !== null);
    },
    async downloadRecording(file) {
      if (!file.downloadUrl) throw new MeetingServiceError("bbb recording: no video file");
      const response = await callService(file.downloadUrl, {}, DOWNLOAD_TIMEOUT_MS);
      if (!response.ok || !response.body) throw new MeetingServiceError(`bbb download: ${response.status}`);
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
  };
}
