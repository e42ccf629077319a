import { DEFAULT_PREFERENCES, type Preferences, preferencesSchema } from "@lms/contract";
import type { Kysely } from "kysely";
import { nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";

/** A stored document read back; anything unreadable in it falls back to the default, field by field. */
export function parsePreferences(data: string | undefined): Preferences {
  if (!data) return DEFAULT_PREFERENCES;
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(data);
  } catch {
    return DEFAULT_PREFERENCES;
  }
  const merged = { ...DEFAULT_PREFERENCES, ...stored };
  const parsed = preferencesSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}

export async function preferencesOf(db: Kysely<Database>, userId: string): Promise<Preferences> {
  return (await savedPreferences(db, userId)).preferences;
}

/** The user's preferences and when they were last saved (null: never, so these are the defaults). */
export async function savedPreferences(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom("user_preferences")
    .select(["data", "updated_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return { preferences: parsePreferences(row?.data), updatedAt: row?.updated_at ?? null };
}

export async function savePreferences(db: Kysely<Database>, userId: string, preferences: Preferences): Promise<string> {
  const data = JSON.stringify(preferences);
  const updatedAt = nowIso();
  await db
    .insertInto("user_preferences")
    .values({ user_id: userId, data, updated_at: updatedAt })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ data, updated_at: updatedAt }))
    .execute();
  return updatedAt;
}

/** True when the account behind this address turned e-mail notifications off. */
export async function declinesEmail(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .innerJoin("user_preferences", "user_preferences.user_id", "users.id")
    .select("user_preferences.data")
    .where("users.email", "=", email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined && !parsePreferences(row.data).notifications.email;
}
