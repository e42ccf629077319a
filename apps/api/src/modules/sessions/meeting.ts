import type { FastifyBaseLogger } from "fastify";
import type { SessionsTable } from "../../db/types.js";
import {
  type MeetingPerson,
  type MeetingProvider,
  type MeetingRole,
  MeetingServiceError,
  type MeetingSession,
} from "../../meetings/provider.js";

type SessionFields = Pick<
  SessionsTable,
  "id" | "title" | "description" | "scheduled_at" | "duration" | "timezone" | "provider" | "meeting_id" | "meeting_data"
>;
export type MeetingColumns = Pick<SessionsTable, "provider" | "meeting_id" | "meeting_data">;
type ExistingMeeting = MeetingSession & { meetingId: string };

export const NO_MEETING: MeetingColumns = { provider: null, meeting_id: null, meeting_data: null };

/** A session's video meeting with the configured provider. */
export function createMeetingOps(provider: MeetingProvider, log: FastifyBaseLogger) {
  /** The meeting of the configured provider (one made by a provider configured before is ignored). */
  const existing = (row: SessionFields): ExistingMeeting | null =>
    row.meeting_id && row.provider === provider.name
      ? {
          id: row.id,
          title: row.title,
          description: row.description,
          scheduledAt: row.scheduled_at,
          duration: row.duration,
          timezone: row.timezone,
          meetingId: row.meeting_id,
          meetingData: row.meeting_data ? (JSON.parse(row.meeting_data) as Record<string, unknown>) : {},
        }
      : null;

  /** Provider failures are logged with their detail; the client gets 502 with a plain message. */
  async function logged<T>(what: string, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      if (error instanceof MeetingServiceError) log.error({ detail: error.detail, provider: provider.name }, what);
      throw error;
    }
  }

  async function create(row: SessionFields): Promise<MeetingColumns> {
    const meeting = await logged("meeting create failed", () =>
      provider.createMeeting({
        id: row.id,
        title: row.title,
        description: row.description,
        scheduledAt: row.scheduled_at,
        duration: row.duration,
        timezone: row.timezone,
        meetingId: null,
        meetingData: {},
      }),
    );
    return { provider: provider.name, meeting_id: meeting.meetingId, meeting_data: JSON.stringify(meeting.data) };
  }

  return {
    existing,
    create,
    /** The session's meeting, and the columns to save when it had to be created. */
    async ensure(row: SessionFields): Promise<{ meeting: ExistingMeeting; created: MeetingColumns | null }> {
      const found = existing(row);
      if (found) return { meeting: found, created: null };
      const created = await create(row);
      const meeting = existing({ ...row, ...created });
      if (!meeting) throw new MeetingServiceError("meeting missing after create");
      return { meeting, created };
    },
    link: (meeting: ExistingMeeting, person: MeetingPerson, role: MeetingRole) =>
      logged("meeting link failed", () => provider.joinLink(meeting, person, role)),
    update: (meeting: ExistingMeeting) => logged("meeting update failed", () => provider.updateMeeting(meeting)),
    remove: (meeting: ExistingMeeting) => logged("meeting delete failed", () => provider.deleteMeeting(meeting)),
    listRecordings: (meeting: ExistingMeeting) =>
      logged("meeting recordings failed", () => provider.listRecordings(meeting)),
    /** Ending or deleting at the provider must not block our own change: a failure is only logged. */
    async bestEffort(what: "end" | "delete", meeting: ExistingMeeting | null): Promise<void> {
      if (!meeting) return;
      try {
        await (what === "end" ? provider.endMeeting(meeting) : provider.deleteMeeting(meeting));
      } catch (error) {
        log.warn({ err: error, provider: provider.name, meetingId: meeting.meetingId }, `meeting ${what} failed`);
      }
    },
  };
}
export type MeetingOps = ReturnType<typeof createMeetingOps>;
