import { DEFAULT_SYSTEM_SETTINGS, type SystemSettings, systemSettingsSchema } from "@lms/contract";
import type { Kysely } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import { nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";

const storedSettings = compiledOnce((db) => db.selectFrom("system_settings").select(["key", "value"]));

function parseSettings(rows: { key: string; value: string }[]): SystemSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_SYSTEM_SETTINGS };
  const shape = systemSettingsSchema.shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean; data?: unknown } }
  >;
  for (const { key, value } of rows) {
    const field = shape[key];
    if (!field) continue;
    const parsed = field.safeParse(JSON.parse(value));
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as SystemSettings;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") for (const inner of Object.values(Object.freeze(value))) deepFreeze(inner);
  return value;
}

/** The stored text last parsed and what it gave: every request reads the settings, few change them. */
let lastParsed: { text: string; settings: SystemSettings } | undefined;

/**
 * Stored settings over the spec's defaults; a stored value that no longer validates falls back to its
 * default. Read afresh each time, parsed only when the stored text changed; the answer is frozen since
 * callers share it.
 */
export async function getSystemSettings(db: Kysely<Database>): Promise<SystemSettings> {
  const rows = await storedSettings(db);
  const text = rows.map((row) => `${row.key}\u0000${row.value}`).join("\u0001");
  if (lastParsed?.text !== text) lastParsed = { text, settings: deepFreeze(parseSettings(rows)) };
  return lastParsed.settings;
}

export async function saveSystemSettings(db: Kysely<Database>, changes: Partial<SystemSettings>): Promise<void> {
  const updatedAt = nowIso();
  for (const [key, value] of Object.entries(changes)) {
    const row = { key, value: JSON.stringify(value), updated_at: updatedAt };
    await db
      .insertInto("system_settings")
      .values(row)
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, updated_at: updatedAt }))
      .execute();
  }
}

/** Writes the defaults for keys that have no stored value yet. */
export async function ensureDefaultSettings(db: Kysely<Database>): Promise<void> {
  const existing = new Set((await db.selectFrom("system_settings").select("key").execute()).map((r) => r.key));
  const missing = Object.fromEntries(Object.entries(DEFAULT_SYSTEM_SETTINGS).filter(([key]) => !existing.has(key)));
  await saveSystemSettings(db, missing);
}
