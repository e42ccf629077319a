import type { LiveEvent } from "@lms/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { onDiscussionChange } from "../discussions/events.js";
import { onMessageChange } from "../messages/events.js";
import { onNotificationCreated } from "../notifications/created.js";
import { courseMemberIds, notificationRecipientIds } from "./repo.js";

type Publish = (userIds: string[], event: LiveEvent) => Promise<void>;

/**
 * A notification is announced inside its writer's transaction: its recipients are read once that
 * has committed (on PostgreSQL another connection sees no rows before), trying again a few times.
 */
const COMMIT_WAITS_MS = [0, 50, 250, 1000, 4000];

/** What reaches open pages live, and who receives it; each source is one line here. */
export function wireLiveSources(deps: { db: Kysely<Database>; publish: Publish; log: FastifyBaseLogger }) {
  const { db, publish, log } = deps;
  let stopped = false;

  const send = (recipients: () => Promise<string[]>, event: LiveEvent) =>
    void recipients()
      .then((userIds) => (stopped ? undefined : publish(userIds, event)))
      .catch((error) => log.warn({ err: error, event }, "live event not sent"));

  async function notificationRecipients(notificationId: string): Promise<string[]> {
    for (const wait of COMMIT_WAITS_MS) {
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped) return [];
      const userIds = await notificationRecipientIds(db, notificationId);
      if (userIds.length > 0) return userIds;
    }
    return [];
  }

  const unsubscribes = [
    onDiscussionChange((change) => send(() => courseMemberIds(db, change.courseId), { type: "discussion", ...change })),
    onMessageChange(({ conversationId, participantIds, change }) =>
      send(async () => participantIds, { type: "message", conversationId, change }),
    ),
    onNotificationCreated((notificationId) =>
      send(() => notificationRecipients(notificationId), { type: "notification", notificationId }),
    ),
  ];
  return () => {
    stopped = true;
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
