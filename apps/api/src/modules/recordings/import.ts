import { SESSION_MESSAGES as M, type ProviderRecording } from "@lms/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { newId, nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { conflict } from "../../http/errors.js";
import type { MeetingProvider, ProviderRecordingFile } from "../../meetings/provider.js";
import { detectFileType } from "../../storage/file-types.js";
import type { Storage } from "../../storage/storage.js";
import type { MeetingOps } from "../sessions/meeting.js";
import type { SessionRow } from "../sessions/repo.js";
import { importedProviderIds, insertRecording } from "./repo.js";

/** Cloud recordings of long meetings are larger than uploads may be. */
const IMPORT_MAX_BYTES = 8 * 1024 * 1024 * 1024;

type SessionRef = Pick<SessionRow, "id" | "title" | "description" | "scheduled_at" | "duration" | "timezone"> &
  Pick<SessionRow, "provider" | "meeting_id" | "meeting_data">;

/**
 * Copies a provider's cloud recordings into storage (or links the provider's playback page when
 * it offers no video file), each at most once per session.
 */
export function createRecordingImporter(deps: {
  db: Kysely<Database>;
  storage: Storage;
  provider: MeetingProvider;
  meeting: MeetingOps;
  log: FastifyBaseLogger;
}) {
  const { db, storage, provider, meeting, log } = deps;

  async function providerFiles(session: SessionRef): Promise<ProviderRecordingFile[]> {
    if (!provider.hasCloudRecordings) throw conflict(M.providerNotConfigured);
    const existing = meeting.existing(session);
    return existing ? meeting.listRecordings(existing) : [];
  }

  /** A copy of the video in storage, or null when there is none to be had. */
  async function copyVideo(file: ProviderRecordingFile) {
    if (!file.downloadUrl) return null;
    try {
      const put = await storage.put(await provider.downloadRecording(file), {
        prefix: "recordings",
        maxBytes: IMPORT_MAX_BYTES,
      });
      const type = await detectFileType(put.head, "");
      if (type.mime.startsWith("video/")) return { key: put.key, size: put.size, mime: type.mime, ext: type.ext };
      await storage.remove([put.key]);
    } catch (error) {
      log.warn({ err: error, recordingId: file.id }, "provider recording could not be copied");
    }
    return null;
  }

  async function importFile(sessionId: string, file: ProviderRecordingFile): Promise<boolean> {
    const video = await copyVideo(file);
    if (!video && !file.playbackUrl) return false;
    const now = nowIso();
    const inserted = await insertRecording(db, {
      id: newId(),
      session_id: sessionId,
      title: file.title,
      storage_key: video?.key ?? null,
      provider_url: video ? null : file.playbackUrl,
      provider_recording_id: file.id,
      file_name: video ? `${file.id}.${video.ext}` : null,
      mime_type: video?.mime ?? null,
      size: video?.size ?? file.size ?? 0,
      duration_seconds: file.durationSeconds,
      view_count: 0,
      recorded_at: file.recordedAt,
      created_by: null,
      created_at: now,
      updated_at: now,
    });
    if (!inserted && video) await storage.remove([video.key]);
    return inserted;
  }

  /** Imports the given files that this session does not have yet; answers how many were added. */
  async function importFiles(sessionId: string, files: ProviderRecordingFile[]): Promise<number> {
    const have = await importedProviderIds(db, sessionId);
    let imported = 0;
    for (const file of files.filter((f) => !have.has(f.id))) {
      if (await importFile(sessionId, file)) imported++;
    }
    return imported;
  }

  return {
    /** What the provider holds for the session, and whether each one is here already. */
    async available(session: SessionRef): Promise<ProviderRecording[]> {
      const [files, have] = await Promise.all([providerFiles(session), importedProviderIds(db, session.id)]);
      return files.map((f) => ({
        id: f.id,
        title: f.title,
        recordedAt: f.recordedAt,
        duration: f.durationSeconds,
        size: f.size,
        downloadable: f.downloadUrl !== null,
        imported: have.has(f.id),
      }));
    },
    /** Imports the provider's recordings of the session (or only `onlyId`). */
    async importFromProvider(session: SessionRef, onlyId?: string): Promise<number> {
      const files = await providerFiles(session);
      return importFiles(
        session.id,
        files.filter((f) => onlyId === undefined || f.id === onlyId),
      );
    },
    importFiles,
  };
}
export type RecordingImporter = ReturnType<typeof createRecordingImporter>;
