import { createHash } from "node:crypto";
import { PassThrough, Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { BACKUP_MESSAGES } from "@lms/contract";
import type { FastifyBaseLogger } from "fastify";
import tar from "tar-stream";
import type { Db } from "../../db/connection.js";
import { newId } from "../../db/ids.js";
import { conflict, notFound } from "../../http/errors.js";
import type { Storage } from "../../storage/storage.js";
import { getSystemSettings } from "../settings/repo.js";
import { fillArchive } from "./archive-write.js";
import {
  acquireLock,
  type BackupRetention,
  type BackupRow,
  type BackupTrigger,
  backupsBeyondRetention,
  extendLock,
  failInterrupted,
  findBackup,
  insertBackup,
  latestBackup,
  listBackups,
  releaseLock,
  updateBackup,
} from "./repo.js";
import { isBackupDue } from "./schedule.js";

/** A backup holds its lock this long past its last sign of progress. */
const LOCK_MS = 10 * 60_000;
const ARCHIVE_PREFIX = "archives";

export interface BackupServiceDeps {
  database: Db;
  /** The uploaded files (copied into each archive). */
  uploads: Storage;
  /** Where archives are written: DATA_DIR/backups. */
  archives: Storage;
  /** How many successful backups keep their archive; older ones are removed. */
  retention: BackupRetention;
  /** Signs each archive's manifest (config `backupKey`). */
  key: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

export type BackupService = ReturnType<typeof createBackupService>;

export function createBackupService(deps: BackupServiceDeps) {
  const { database, archives, now } = deps;
  const { db } = database;
  const expiry = () => new Date(now().getTime() + LOCK_MS).toISOString();

  /** Writes the archive, then records the outcome and applies the retention count. */
  async function run(row: BackupRow): Promise<void> {
    const pack = tar.pack();
    const hash = createHash("sha256");
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const output = new PassThrough();
    try {
      const written = pipeline(Readable.from(pack as AsyncIterable<Buffer>), createGzip(), measure, output);
      const stored = archives.put(output, { prefix: ARCHIVE_PREFIX, maxBytes: Number.MAX_SAFE_INTEGER });
      const filling = fillArchive(pack, {
        database,
        uploads: deps.uploads,
        now: new Date(row.started_at),
        key: deps.key,
        progress: { tick: () => extendLock(db, row.id, expiry()) },
      }).catch((error: unknown) => {
        pack.destroy(error as Error);
        throw error;
      });
      const [summary, , put] = await Promise.all([filling, written, stored]);
      await updateBackup(db, row.id, {
        status: "succeeded",
        storage_key: put.key,
        size,
        sha256: hash.digest("hex"),
        tables: summary.tables,
        rows: summary.rows,
        files: summary.files,
        finished_at: now().toISOString(),
      });
      await applyRetention(row.trigger as BackupTrigger);
    } catch (error) {
      deps.log.error({ err: error, backupId: row.id }, "backup failed");
      await updateBackup(db, row.id, {
        status: "failed",
        error: (error as Error).message.slice(0, 500),
        finished_at: now().toISOString(),
      });
    } finally {
      await releaseLock(db, row.id);
    }
  }

  async function applyRetention(trigger: BackupTrigger) {
    for (const old of await backupsBeyondRetention(db, trigger, deps.retention[trigger])) {
      if (old.storage_key) await archives.remove([old.storage_key]);
      await updateBackup(db, old.id, { removed_at: now().toISOString() });
    }
  }

  /** Takes the lock and records a running backup; null when another backup holds the lock. */
  async function begin(
    trigger: BackupTrigger,
    actor: { id: string; name: string } | null,
    stillWanted: () => Promise<boolean> = async () => true,
  ): Promise<BackupRow | null> {
    const row: BackupRow = {
      id: newId(),
      status: "running",
      trigger,
      created_by: actor?.id ?? null,
      created_by_name: actor?.name ?? null,
      storage_key: null,
      size: null,
      sha256: null,
      tables: null,
      rows: null,
      files: null,
      error: null,
      started_at: now().toISOString(),
      finished_at: null,
      removed_at: null,
    };
    if (!(await acquireLock(db, row.id, row.started_at, expiry()))) return null;
    if (!(await stillWanted())) {
      await releaseLock(db, row.id);
      return null;
    }
    await failInterrupted(db, row.id, row.started_at);
    await insertBackup(db, row);
    return row;
  }

  return {
    /** Records a running manual backup and takes the lock; its job writes it (`runStarted`). 409 while one is running. */
    async start(actor: { id: string; name: string }): Promise<BackupRow> {
      const row = await begin("manual", actor);
      if (!row) throw conflict(BACKUP_MESSAGES.alreadyRunning);
      return row;
    },

    /** The job of a started backup: writes it, unless it has finished or been marked interrupted meanwhile. */
    async runStarted(id: string): Promise<void> {
      const row = await findBackup(db, id);
      if (row?.status === "running") await run(row);
    },

    /** Whether a scheduled backup is due (asked before proposing the scheduled job). */
    isDue: () => due(),

    /**
     * The scheduler's turn: starts a backup when `backupFrequency` says one is due. The due check is
     * repeated under the lock, so a process that lost the race to another sees its fresh success.
     */
    async runIfDue(): Promise<BackupRow | null> {
      if (!(await due())) return null;
      const row = await begin("scheduled", null, due);
      if (!row) return null;
      await run(row);
      return (await findBackup(db, row.id)) ?? null;
    },

    history: (page: number, limit: number) => listBackups(db, page, limit),

    async archive(id: string) {
      const row = await findBackup(db, id);
      if (!row) throw notFound(BACKUP_MESSAGES.notFound);
      if (row.status !== "succeeded" || row.removed_at || !row.storage_key) {
        throw notFound(BACKUP_MESSAGES.notDownloadable);
      }
      return { row, stream: archives.read(row.storage_key) };
    },
  };

  async function due(): Promise<boolean> {
    const { backupFrequency } = await getSystemSettings(db);
    const [success, last] = await Promise.all([latestBackup(db, "succeeded"), latestBackup(db)]);
    const failure = last?.status === "failed" && last.trigger === "scheduled" ? new Date(last.started_at) : null;
    return isBackupDue(backupFrequency, { success: success ? new Date(success.started_at) : null, failure }, now());
  }
}
