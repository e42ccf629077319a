import type { Readable } from "node:stream";
import { type MeetingProviderName, SESSION_MESSAGES } from "@lms/contract";
import { AppError } from "../http/errors.js";

export type MeetingRole = "host" | "attendee";

export interface MeetingPerson {
  id: string;
  name: string;
  email: string;
}

/** What a provider needs to know about a session. */
export interface MeetingSession {
  id: string;
  title: string;
  description: string;
  scheduledAt: string;
  duration: number;
  timezone: string;
  /** Set once the meeting exists. */
  meetingId: string | null;
  meetingData: Record<string, unknown>;
}

export interface CreatedMeeting {
  meetingId: string;
  /** Kept server-side with the session (links, passwords); never sent to clients. */
  data: Record<string, unknown>;
}

/** A recording as the provider keeps it. */
export interface ProviderRecordingFile {
  id: string;
  title: string;
  recordedAt: string;
  durationSeconds: number;
  size: number | null;
  /** A video file that can be copied into our storage. */
  downloadUrl: string | null;
  /** The provider's own playback page, used when there is no file to copy. */
  playbackUrl: string | null;
}

/** One video meeting service (Jitsi, Zoom, BigBlueButton) behind the same small interface. */
export interface MeetingProvider {
  readonly name: MeetingProviderName;
  /** Whether the service keeps recordings that can be listed and imported. */
  readonly hasCloudRecordings: boolean;
  createMeeting(session: MeetingSession): Promise<CreatedMeeting>;
  /** Carries a new title, time or duration over to the service. */
  updateMeeting(session: MeetingSession & { meetingId: string }): Promise<void>;
  deleteMeeting(session: MeetingSession & { meetingId: string }): Promise<void>;
  /** A link for one person: the host's start link or a per-person attendee link. */
  joinLink(session: MeetingSession & { meetingId: string }, person: MeetingPerson, role: MeetingRole): Promise<string>;
  endMeeting(session: MeetingSession & { meetingId: string }): Promise<void>;
  listRecordings(session: MeetingSession & { meetingId: string }): Promise<ProviderRecordingFile[]>;
  downloadRecording(file: ProviderRecordingFile): Promise<Readable>;
}

/** The service failed or answered something unexpected: 502 to the client, the detail in the log. */
export class MeetingServiceError extends AppError {
  constructor(readonly detail: string) {
    super(502, SESSION_MESSAGES.meetingFailed);
  }
}

const REQUEST_TIMEOUT_MS = 15_000;

/** fetch with a timeout (which also bounds reading the body); network failures become a MeetingServiceError. */
export async function callService(
  url: string,
  init: RequestInit = {},
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new MeetingServiceError(`${init.method ?? "GET"} ${new URL(url).origin}: ${String(error)}`);
  }
}
