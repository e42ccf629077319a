import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

/** How long another process's tool changes may take to reach this one's page headers. */
const REFRESH_MS = 30_000;

/**
 * The origins of the registered tools' login and launch URLs: the product's pages may frame them
 * and post launch forms to them (their Content-Security-Policy names them). Read from the database
 * at start, again after this process changes a tool, and every 30 seconds when asked.
 */
export function createToolOrigins(db: Kysely<Database>, now: () => Date) {
  let origins: readonly string[] = [];
  let loadedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | null = null;

  async function load(): Promise<void> {
    const rows = await db.selectFrom("lti_tools").select(["login_url", "launch_url", "deep_linking_url"]).execute();
    const found = new Set<string>();
    for (const row of rows) {
      for (const url of [row.login_url, row.launch_url, row.deep_linking_url]) {
        if (url) found.add(new URL(url).origin);
      }
    }
    origins = [...found].sort();
    loadedAt = now().getTime();
  }

  function refresh(): Promise<void> {
    loading ??= load().finally(() => {
      loading = null;
    });
    return loading;
  }

  return {
    refresh,
    /** The origins as last read; a stale list starts a reload in the background. */
    current: (): readonly string[] => {
      if (now().getTime() - loadedAt > REFRESH_MS && !loading) void refresh().catch(() => {});
      return origins;
    },
  };
}
export type ToolOrigins = ReturnType<typeof createToolOrigins>;
