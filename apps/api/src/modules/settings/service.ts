import { isDeepStrictEqual } from "node:util";
import type { SystemSettings, SystemSettingsUpdate } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { Actor } from "../../policies/index.js";
import { logActivity } from "../activities/repo.js";
import { getSystemSettings, saveSystemSettings } from "./repo.js";

const pick = (settings: Partial<SystemSettings>, keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, settings[key as keyof SystemSettings]]));

/**
 * Saves the settings sent and records what changed as an `admin_action` activity with the values
 * before and after, in one transaction. Sending the current values again changes and records nothing.
 */
export async function updateSystemSettings(
  db: Kysely<Database>,
  actor: Actor,
  changes: SystemSettingsUpdate,
  ip: string,
): Promise<SystemSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await getSystemSettings(trx);
    const changed = Object.keys(changes).filter(
      (key) => !isDeepStrictEqual(before[key as keyof SystemSettings], changes[key as keyof SystemSettings]),
    );
    if (changed.length === 0) return before;
    const after = pick(changes, changed);
    await saveSystemSettings(trx, after);
    await logActivity(trx, {
      userId: actor.id,
      type: "admin_action",
      title: "System settings updated",
      description: `Changed ${changed.join(", ")}`,
      metadata: { action: "settings_update", before: pick(before, changed), after },
      ip,
    });
    return { ...before, ...after } as SystemSettings;
  });
}
