import type { OrphanReport, OrphanSweep } from "@lms/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { referencedKeys } from "../../storage/file-references.js";
import type { Storage, StoredEntry } from "../../storage/storage.js";
import { expirePendingImages } from "../assessments/pending-images.js";

/** A file younger than this may still be on its way to its row: it is never an orphan. */
export const ORPHAN_GRACE_MS = 60 * 60_000;
/** Files checked against the database per round: the listing streams, memory stays flat. */
const BATCH = 500;
const SAMPLE = 20;

/**
 * Orphans are stored uploads no row points at (file-columns.ts lists every column that can): left
 * by a delete whose file removal failed, or by a process that stopped between a file and its row.
 * Backup archives are another storage and never listed here.
 */
export function createStorageSweep(deps: {
  db: Kysely<Database>;
  storage: Storage;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db, storage, now, log } = deps;
  let running: Promise<OrphanSweep> | null = null;

  async function* orphanBatches(): AsyncGenerator<StoredEntry[]> {
    const cutoff = now().getTime() - ORPHAN_GRACE_MS;
    let batch: StoredEntry[] = [];
    const settle = async () => {
      const kept = await referencedKeys(
        db,
        batch.map((entry) => entry.key),
      );
      const orphans = batch.filter((entry) => !kept.has(entry.key));
      batch = [];
      return orphans;
    };
    for await (const entry of storage.entries()) {
      if (entry.modifiedAt.getTime() > cutoff) continue;
      batch.push(entry);
      if (batch.length >= BATCH) yield await settle();
    }
    if (batch.length > 0) yield await settle();
  }

  async function sweepAll(): Promise<OrphanSweep> {
    const result = { removed: 0, bytes: 0 };
    // Question images uploaded for a question never saved: past their day their rows go, and so
    // their files become orphans like any other (they are older than the grace period by then).
    await expirePendingImages(db, now());
    for await (const orphans of orphanBatches()) {
      if (orphans.length === 0) continue;
      try {
        await storage.remove(orphans.map((entry) => entry.key));
      } catch (error) {
        log.warn({ err: error, count: orphans.length }, "orphaned files not removed; the next sweep tries again");
        continue;
      }
      result.removed += orphans.length;
      result.bytes += orphans.reduce((sum, entry) => sum + entry.size, 0);
    }
    if (result.removed > 0) log.info(result, "orphaned stored files removed");
    return result;
  }

  return {
    /** The dry run: what a sweep would remove now. */
    async report(): Promise<OrphanReport> {
      const report = { count: 0, bytes: 0, sample: [] as string[], graceMinutes: ORPHAN_GRACE_MS / 60_000 };
      for await (const orphans of orphanBatches()) {
        for (const entry of orphans) {
          report.count += 1;
          report.bytes += entry.size;
          if (report.sample.length < SAMPLE) report.sample.push(entry.key);
        }
      }
      return report;
    },
    /** Removes the orphans; one sweep at a time per process (the job and an admin's click share it). */
    sweep(): Promise<OrphanSweep> {
      running ??= sweepAll().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type StorageSweep = ReturnType<typeof createStorageSweep>;
