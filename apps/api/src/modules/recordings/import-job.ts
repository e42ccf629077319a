import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { ProviderRecordingFile } from "../../meetings/provider.js";
import type { Outbox } from "../../outbox/outbox.js";
import { findSession } from "../sessions/repo.js";
import type { RecordingImporter } from "./import.js";

export const RECORDING_IMPORT_JOB = "recording.import";

/** Zoom sends the files with its webhook; BigBlueButton names a recording to look up. */
export type RecordingImportPayload =
  | { sessionId: string; files: ProviderRecordingFile[] }
  | { sessionId: string; recordId: string };

/** A provider's finished recording is copied by a job: retried when the provider or storage fails, taken over after a crash. */
export function registerRecordingImportJob(
  outbox: Outbox,
  deps: { db: Kysely<Database>; importer: RecordingImporter },
) {
  outbox.register(RECORDING_IMPORT_JOB, {
    async run(payload) {
      const job = payload as RecordingImportPayload;
      if ("files" in job) {
        await deps.importer.importFiles(job.sessionId, job.files);
        return;
      }
      const session = await findSession(deps.db, job.sessionId);
      if (session) await deps.importer.importFromProvider(session, job.recordId);
    },
  });
}

export async function enqueueRecordingImport(outbox: Outbox, db: Kysely<Database>, payload: RecordingImportPayload) {
  await outbox.enqueue(db, RECORDING_IMPORT_JOB, payload);
  outbox.kick();
}
