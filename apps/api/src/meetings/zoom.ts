import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import {
  callService,
  type MeetingProvider,
  MeetingServiceError,
  type MeetingSession,
  type ProviderRecordingFile,
} from "./provider.js";
import { fetchZoomDownload, type ZoomDownloadHosts } from "./zoom-download.js";

export interface ZoomConfig {
  provider: "zoom";
  accountId: string;
  clientId: string;
  clientSecret: string;
  /** https://api.zoom.us/v2 */
  apiUrl: string;
  /** https://zoom.us/oauth/token */
  oauthUrl: string;
  /** Secret token of the webhook app; without it webhooks are refused. */
  webhookSecret?: string;
  /** The only hosts a recording is downloaded from (the download carries the account token). */
  downloadHosts: ZoomDownloadHosts;
}

interface ZoomRecordingFile {
  id?: string;
  recording_start?: string;
  recording_end?: string;
  file_type?: string;
  file_size?: number;
  download_url?: string;
  play_url?: string;
  recording_type?: string;
  status?: string;
}

/** Zoom's cloud recording list, as in GET /meetings/{id}/recordings and the recording.completed event. */
export interface ZoomRecordingList {
  topic?: string;
  start_time?: string;
  recording_files?: ZoomRecordingFile[];
}

const TOKEN_MARGIN_MS = 60_000;
const DOWNLOAD_TIMEOUT_MS = 60 * 60_000;

/** The MP4 files of a Zoom recording list (audio-only and transcript files are left out). */
export function zoomVideoFiles(list: ZoomRecordingList): ProviderRecordingFile[] {
  return (list.recording_files ?? [])
    .filter((f) => f.id && f.file_type === "MP4" && (f.status ?? "completed") === "completed")
    .map((f) => {
      const start = f.recording_start ?? list.start_time ?? new Date().toISOString();
      const end = f.recording_end ?? start;
      const kind = f.recording_type ? ` (${f.recording_type.replaceAll("_", " ")})` : "";
      return {
        id: String(f.id),
        title: `${list.topic ?? "Zoom recording"}${kind}`,
        recordedAt: new Date(start).toISOString(),
        durationSeconds: Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 1000)),
        size: typeof f.file_size === "number" ? f.file_size : null,
        downloadUrl: f.download_url ?? null,
        playbackUrl: f.play_url ?? null,
      };
    });
}

const meetingBody = (session: MeetingSession) => ({
  topic: session.title.slice(0, 200),
  agenda: session.description.slice(0, 2000),
  start_time: new Date(session.scheduledAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
  duration: session.duration,
  timezone: session.timezone,
});

/**
 * Zoom through a Server-to-Server OAuth app: an account token from the account id and client
 * credentials, scheduled meetings with registration (each attendee gets their own join link),
 * the host's start link fetched fresh each time (it expires), and cloud recordings.
 */
export function createZoomProvider(config: ZoomConfig): MeetingProvider {
  let cached: { token: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const url = `${config.oauthUrl}?grant_type=account_credentials&account_id=${encodeURIComponent(config.accountId)}`;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
    const response = await callService(url, { method: "POST", headers: { authorization: `Basic ${basic}` } });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) throw new MeetingServiceError(`zoom oauth: ${response.status}`);
    cached = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 - TOKEN_MARGIN_MS };
    return cached.token;
  }

  /** One api call; a rejected token is renewed once. 404 answers null when `missingOk`. */
  async function api<T>(method: string, path: string, body?: unknown, missingOk = false): Promise<T | null> {
    for (let attempt = 0; ; attempt++) {
      const response = await callService(`${config.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status === 401 && attempt === 0) {
        cached = null;
        continue;
      }
      if (response.status === 404 && missingOk) return null;
      if (!response.ok) throw new MeetingServiceError(`zoom ${method} ${path}: ${response.status}`);
      if (response.status === 204) return null;
      try {
        return (await response.json()) as T;
      } catch {
        throw new MeetingServiceError(`zoom ${method} ${path}: answer is not JSON`);
      }
    }
  }

  return {
    name: "zoom",
    hasCloudRecordings: true,
    async createMeeting(session) {
      const created = await api<{ id?: number | string; uuid?: string; join_url?: string }>(
        "POST",
        "/users/me/meetings",
        {
          ...meetingBody(session),
          type: 2,
          settings: {
            approval_type: 0,
            registration_type: 1,
            join_before_host: false,
            waiting_room: false,
            auto_recording: "cloud",
          },
        },
      );
      if (!created?.id) throw new MeetingServiceError("zoom create: no meeting id");
      return { meetingId: String(created.id), data: { uuid: created.uuid, joinUrl: created.join_url } };
    },
    async updateMeeting(session) {
      await api("PATCH", `/meetings/${session.meetingId}`, meetingBody(session));
    },
    async deleteMeeting(session) {
      await api("DELETE", `/meetings/${session.meetingId}`, undefined, true);
    },
    async endMeeting(session) {
      await api("PUT", `/meetings/${session.meetingId}/status`, { action: "end" }, true);
    },
    async joinLink(session, person, role) {
      if (role === "host") {
        const meeting = await api<{ start_url?: string }>("GET", `/meetings/${session.meetingId}`);
        if (!meeting?.start_url) throw new MeetingServiceError("zoom meeting: no start_url");
        return meeting.start_url;
      }
      const [first, ...rest] = person.name.trim().split(/\s+/);
      const registrant = await api<{ join_url?: string }>("POST", `/meetings/${session.meetingId}/registrants`, {
        email: person.email,
        first_name: first || person.email,
        last_name: rest.join(" "),
      });
      if (!registrant?.join_url) throw new MeetingServiceError("zoom registrant: no join_url");
      return registrant.join_url;
    },
    async listRecordings(session) {
      const list = await api<ZoomRecordingList>("GET", `/meetings/${session.meetingId}/recordings`, undefined, true);
      return list ? zoomVideoFiles(list) : [];
    },
    async downloadRecording(file) {
      if (!file.downloadUrl) throw new MeetingServiceError("zoom recording: no download_url");
      const response = await fetchZoomDownload(
        config.downloadHosts,
        file.downloadUrl,
        accessToken,
        DOWNLOAD_TIMEOUT_MS,
      );
      if (!response.ok || !response.body) throw new MeetingServiceError(`zoom download: ${response.status}`);
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
  };
}
