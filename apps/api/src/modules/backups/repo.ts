import type { Kysely, Selectable } from "kysely";
import { isUniqueViolation } from "../../db/errors.js";
import type { BackupsTable, Database } from "../../db/types.js";

export type BackupRow = Selectable<BackupsTable>;
const LOCK_ID = "backup";

export async function insertBackup(db: Kysely<Database>, row: BackupRow): Promise<void> {
  await db.insertInto("backups").values(row).execute();
}

export async function updateBackup(db: Kysely<Database>, id: string, changes: Partial<BackupRow>): Promise<void> {
  await db.updateTable("backups").set(changes).where("id", "=", id).execute();
}

export async function findBackup(db: Kysely<Database>, id: string): Promise<BackupRow | undefined> {
  return db.selectFrom("backups").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listBackups(db: Kysely<Database>, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("backups")
      .selectAll()
      .orderBy("started_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom("backups")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function latestBackup(db: Kysely<Database>, status?: string): Promise<BackupRow | undefined> {
  let query = db.selectFrom("backups").selectAll();
  if (status) query = query.where("status", "=", status);
  return query.orderBy("started_at", "desc").limit(1).executeTakeFirst();
}

export type BackupTrigger = "manual" | "scheduled";
/** How many archives each trigger keeps. */
export type BackupRetention = Record<BackupTrigger, number>;

/** Successful backups of one trigger whose archive is still kept, past that trigger's newest `keep`. */
export async function backupsBeyondRetention(
  db: Kysely<Database>,
  trigger: BackupTrigger,
  keep: number,
): Promise<BackupRow[]> {
  return db
    .selectFrom("backups")
    .selectAll()
    .where("status", "=", "succeeded")
    .where("trigger", "=", trigger)
    .where("removed_at", "is", null)
    .orderBy("started_at", "desc")
    .offset(keep)
    .limit(1000)
    .execute();
}

/**
 * Takes the one backup lock (a conditional insert, so two processes on one database cannot both
 * hold it); a lock left by a process that died lapses at `expires_at`. False when another holds it.
 */
export async function acquireLock(db: Kysely<Database>, backupId: string, now: string, expiresAt: string) {
  await db.deleteFrom("backup_lock").where("expires_at", "<", now).execute();
  try {
    await db.insertInto("backup_lock").values({ id: LOCK_ID, backup_id: backupId, expires_at: expiresAt }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function extendLock(db: Kysely<Database>, backupId: string, expiresAt: string): Promise<void> {
  await db.updateTable("backup_lock").set({ expires_at: expiresAt }).where("backup_id", "=", backupId).execute();
}

export async function releaseLock(db: Kysely<Database>, backupId: string): Promise<void> {
  await db.deleteFrom("backup_lock").where("backup_id", "=", backupId).execute();
}

/** Backups still marked running whose process is gone (only called while holding the lock). */
export async function failInterrupted(db: Kysely<Database>, exceptId: string, finishedAt: string): Promise<void> {
  await db
    .updateTable("backups")
    .set({ status: "failed", error: "Interrupted: the server stopped during the backup", finished_at: finishedAt })
    .where("status", "=", "running")
    .where("id", "!=", exceptId)
    .execute();
}
