import type { Recording } from "@lms/contract";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { RecordingRow } from "./repo.js";

export const recordingStreamPath = (id: string) => `/api/recordings/${id}/stream`;
export const recordingDownloadPath = (id: string) => `/api/sessions/recordings/${id}/download`;

/** A recording with a short-lived signed URL for the player (media requests carry no bearer header). */
export function presentRecording(row: RecordingRow, signer: UrlSigner): Recording {
  const external = row.storage_key === null;
  return {
    _id: row.id,
    sessionId: row.session_id,
    sessionTitle: row.session_title,
    courseId: row.course_id,
    title: row.title,
    recordingUrl: external ? (row.provider_url ?? "") : signer.sign(recordingStreamPath(row.id)),
    downloadUrl: external ? null : recordingDownloadPath(row.id),
    external,
    fileName: row.file_name,
    mimeType: row.mime_type,
    size: Number(row.size),
    duration: row.duration_seconds,
    viewCount: row.view_count,
    recordedAt: row.recorded_at,
    createdAt: row.created_at,
  };
}
