import type { Kysely } from "kysely";
import type { Database } from "../db/types.js";

const originOf = (url: string | null): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The origins of the registered LTI tools' login, launch and deep-linking URLs (sorted, each once):
 * the pages' CSP lets the launch form post there and the tool's frame show them.
 */
export async function ltiToolOrigins(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom("lti_tools").select(["login_url", "launch_url", "deep_linking_url"]).execute();
  const origins = new Set<string>();
  for (const row of rows)
    for (const url of [row.login_url, row.launch_url, row.deep_linking_url]) {
      const origin = originOf(url);
      if (origin && origin !== "null") origins.add(origin);
    }
  return [...origins].sort();
}
