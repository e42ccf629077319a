import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/types.js";
import { referencedKeys } from "./file-references.js";
import type { Storage } from "./storage.js";

/** Removes the files of rows that are gone; called only after the transaction that removed them committed. */
export type DiscardFiles = (keys: readonly (string | null)[]) => Promise<void>;

/**
 * A file goes only when no row points at it any more (a key two rows share stays with the other). A
 * failure to remove is logged and left for the orphan sweep: the rows are gone, so the user's
 * request has succeeded.
 */
export function createDiscardFiles(deps: { db: Kysely<Database>; storage: Storage; log: FastifyBaseLogger }) {
  const discard: DiscardFiles = async (keys) => {
    const wanted = [...new Set(keys.filter((key): key is string => Boolean(key)))];
    if (wanted.length === 0) return;
    try {
      const kept = await referencedKeys(deps.db, wanted);
      await deps.storage.remove(wanted.filter((key) => !kept.has(key)));
    } catch (error) {
      deps.log.warn({ err: error, keys: wanted }, "stored files not removed; the orphan sweep will remove them");
    }
  };
  return discard;
}
