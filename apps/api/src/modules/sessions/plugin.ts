import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { createMeetingProvider, type MeetingConfig } from "../../meetings/index.js";
import type { Outbox } from "../../outbox/outbox.js";
import type { DiscardFiles } from "../../storage/discard.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import type { Storage } from "../../storage/storage.js";
import { calendarRoutes } from "../calendar/routes.js";
import { createCalendarFeeds } from "../calendar/service.js";
import { meetingCallbackRoutes } from "../meetings/callbacks.js";
import { meetingRoutes } from "../meetings/routes.js";
import { createRecordingImporter } from "../recordings/import.js";
import { registerRecordingImportJob } from "../recordings/import-job.js";
import { recordingRoutes } from "../recordings/routes.js";
import { createRecordingService } from "../recordings/service.js";
import type { MailQueue } from "../settings/mail-queue.js";
import type { LiveContext } from "./context.js";
import { instructorSessionRoutes } from "./instructor-routes.js";
import { createSessionLifecycle } from "./lifecycle.js";
import { createMeetingOps } from "./meeting.js";
import { createSessionNotifier } from "./notify.js";
import { sessionRoutes } from "./routes.js";
import { createSessionService } from "./service.js";
import { createStartNotifier } from "./start-notify.js";

export interface LiveSessionDeps {
  db: Kysely<Database>;
  guard: Guard;
  mail: MailQueue;
  outbox: Outbox;
  storage: Storage;
  /** Removes the files of deleted rows, after their transaction. */
  discard: DiscardFiles;
  signer: UrlSigner;
  publicUrl: string;
  /** Server secret from which calendar feed tokens are derived. */
  secret: string;
  meetings: MeetingConfig;
}

/** Live sessions, recordings, video meetings and calendar sync, wired in one place. */
export async function liveSessionRoutes(app: FastifyInstance, deps: LiveSessionDeps): Promise<void> {
  const { db, storage, publicUrl } = deps;
  const provider = createMeetingProvider(deps.meetings, publicUrl);
  const meeting = createMeetingOps(provider, app.log);
  const notify = createSessionNotifier({ db, mail: deps.mail, outbox: deps.outbox, publicUrl });
  const importer = createRecordingImporter({ db, storage, provider, meeting, log: app.log });

  const ctx: LiveContext = {
    db,
    guard: deps.guard,
    storage,
    signer: deps.signer,
    publicUrl,
    meetingConfig: deps.meetings,
    provider,
    meeting,
    outbox: deps.outbox,
    sessions: createSessionService({
      db,
      meeting,
      notify,
      discard: deps.discard,
      uidDomain: new URL(publicUrl).hostname,
    }),
    lifecycle: createSessionLifecycle({
      db,
      meeting,
      outbox: deps.outbox,
      announceStart: createStartNotifier({ db, mail: deps.mail, outbox: deps.outbox, publicUrl }),
    }),
    recordings: createRecordingService({ db, storage, discard: deps.discard }),
    importer,
  };
  registerRecordingImportJob(deps.outbox, { db, importer });
  const feeds = createCalendarFeeds({ db, secret: deps.secret, publicUrl });

  await app.register(sessionRoutes, ctx);
  await app.register(instructorSessionRoutes, ctx);
  await app.register(recordingRoutes, ctx);
  await app.register(meetingRoutes, ctx);
  await app.register(meetingCallbackRoutes, ctx);
  await app.register(calendarRoutes, { ctx, feeds });
}
