import { errorResponseSchema } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { failures } from "../../http/failures.js";
import type { MeetingConfig } from "../../meetings/index.js";
import type { MeetingPerson, MeetingProvider } from "../../meetings/provider.js";
import type { Outbox } from "../../outbox/outbox.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { Storage } from "../../storage/storage.js";
import type { RecordingImporter } from "../recordings/import.js";
import type { RecordingService } from "../recordings/service.js";
import type { UserRow } from "../users/repo.js";
import type { SessionLifecycle } from "./lifecycle.js";
import type { MeetingOps } from "./meeting.js";
import type { SessionService } from "./service.js";

/** What the session, recording, meeting and calendar routes share, wired once in plugin.ts. */
export interface LiveContext {
  db: Kysely<Database>;
  guard: Guard;
  storage: Storage;
  signer: UrlSigner;
  publicUrl: string;
  meetingConfig: MeetingConfig;
  provider: MeetingProvider;
  meeting: MeetingOps;
  outbox: Outbox;
  sessions: SessionService;
  lifecycle: SessionLifecycle;
  recordings: RecordingService;
  importer: RecordingImporter;
}

export const personOf = (user: UserRow): MeetingPerson => ({ id: user.id, name: user.name, email: user.email });

/** Calls that reach the video meeting service may also answer 502. */
export const withProviderFailure = { ...failures, 502: errorResponseSchema };
export const bearer = [{ bearerAuth: [] }];

export const pageOf = (query: { page: number; limit: number }) => ({
  offset: (query.page - 1) * query.limit,
  limit: query.limit,
});
