import type { Readable } from "node:stream";
import { SESSION_MESSAGES as M, RECORDING_MAX_BYTES } from "@lms/contract";
import type { Kysely } from "kysely";
import { newId, nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { AppError } from "../../http/errors.js";
import type { Actor } from "../../policies/index.js";
import type { DiscardFiles } from "../../storage/discard.js";
import { detectFileType, safeFileName } from "../../storage/file-types.js";
import type { Storage } from "../../storage/storage.js";
import { changedFields, loggedChange, logManagement } from "../activities/management.js";
import {
  countView,
  deleteRecording,
  findRecording,
  insertRecording,
  type RecordingRow,
  updateRecording,
} from "./repo.js";
import { videoSeconds } from "./video-length.js";

export interface StoredVideo {
  key: string;
  size: number;
  mime: string;
  fileName: string;
}

const isVideo = (mime: string) => mime.startsWith("video/");

/** Uploaded recordings: at most 500 MB, video only, streamed to storage (spec §5, §9). */
export function createRecordingService(deps: { db: Kysely<Database>; storage: Storage; discard: DiscardFiles }) {
  const { db, storage } = deps;

  async function reload(id: string): Promise<RecordingRow> {
    const row = await findRecording(db, id);
    if (!row) throw new Error(`recording ${id} vanished`);
    return row;
  }

  return {
    /** Streams one file in; refuses it past 500 MB (413) or when it is not a video (415), keeping nothing. */
    async store(file: Readable, originalName: string | undefined): Promise<StoredVideo> {
      let put: Awaited<ReturnType<Storage["put"]>>;
      try {
        put = await storage.put(file, { prefix: "recordings", maxBytes: RECORDING_MAX_BYTES });
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 413) throw new AppError(413, M.recordingTooLarge);
        throw error;
      }
      const type = await detectFileType(put.head, originalName ?? "");
      if (!isVideo(type.mime)) {
        await storage.remove([put.key]);
        throw new AppError(415, M.recordingVideoOnly);
      }
      return {
        key: put.key,
        size: put.size,
        mime: type.mime,
        fileName: safeFileName(originalName, `recording.${type.ext}`),
      };
    },

    discard: (stored: StoredVideo) => storage.remove([stored.key]),

    lengthOf: (stored: StoredVideo) => videoSeconds(storage, stored.key, stored.mime),

    async createUploaded(
      actor: Actor,
      session: { id: string; course_id: string },
      stored: StoredVideo,
      fields: { title: string; duration: number },
    ): Promise<RecordingRow> {
      const id = newId();
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await insertRecording(trx, {
          id,
          session_id: session.id,
          title: fields.title,
          storage_key: stored.key,
          provider_url: null,
          provider_recording_id: null,
          file_name: stored.fileName,
          mime_type: stored.mime,
          size: stored.size,
          duration_seconds: fields.duration,
          view_count: 0,
          recorded_at: now,
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        });
        await logManagement(trx, actor, {
          action: "recording_upload",
          title: `Uploaded recording: ${fields.title}`,
          courseId: session.course_id,
          targetId: id,
          details: { sessionId: session.id, size: stored.size },
        });
      });
      return reload(id);
    },

    async update(actor: Actor, row: RecordingRow, changes: { title?: string; duration?: number }) {
      const next = { title: changes.title ?? row.title, duration_seconds: changes.duration ?? row.duration_seconds };
      await loggedChange(
        db,
        actor,
        {
          action: "recording_update",
          title: `Updated recording: ${next.title}`,
          courseId: row.course_id,
          targetId: row.id,
          changes: changedFields(row, next),
        },
        (trx) => updateRecording(trx, row.id, { ...next, updated_at: nowIso() }),
      );
      return reload(row.id);
    },

    /** Deletes the recording and its file. */
    async remove(actor: Actor, row: RecordingRow): Promise<void> {
      await loggedChange(
        db,
        actor,
        {
          action: "recording_delete",
          title: `Deleted recording: ${row.title}`,
          courseId: row.course_id,
          targetId: row.id,
        },
        (trx) => deleteRecording(trx, row.id),
      );
      await deps.discard([row.storage_key]);
    },

    view: (row: RecordingRow) => countView(db, row.id),
  };
}
export type RecordingService = ReturnType<typeof createRecordingService>;
