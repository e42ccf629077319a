import { MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { forbidden } from "../../http/errors.js";
import { getSystemSettings } from "../settings/repo.js";

/** Refuses (403) creating `adding` more accounts when that would pass the `maxUsers` setting. */
export async function assertRoomForUsers(db: Kysely<Database>, adding = 1): Promise<void> {
  const [{ maxUsers }, { count }] = await Promise.all([
    getSystemSettings(db),
    db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(count) + adding > maxUsers) throw forbidden(MESSAGES.userLimitReached);
}
