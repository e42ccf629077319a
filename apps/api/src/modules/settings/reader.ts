import type { SystemSettings } from "@lms/contract";
import type { Kysely } from "kysely";
import { cacheTags, type ReadCaches } from "../../cache/read-caches.js";
import type { Database } from "../../db/types.js";
import { getSystemSettings } from "./repo.js";

/** The settings every request looks at (maintenance), read through the read caches. */
export interface SettingsReader {
  current(): Promise<SystemSettings>;
}

const SETTINGS = [cacheTags.settings];

export function createSettingsReader(db: Kysely<Database>, caches: ReadCaches): SettingsReader {
  const cache = caches.create<SystemSettings>(1);
  return { current: () => cache.get("settings", () => getSystemSettings(db), SETTINGS) };
}
