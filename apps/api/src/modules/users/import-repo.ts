import type { UserImportJob } from "@lms/contract";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, UserImportsTable } from "../../db/types.js";

type Executor = Kysely<Database> | Transaction<Database>;
export type ImportJobRow = Selectable<UserImportsTable>;

export async function insertImportJob(db: Executor, row: ImportJobRow) {
  await db.insertInto("user_imports").values(row).execute();
}

export async function finishImportJob(db: Executor, id: string, changes: Partial<Omit<ImportJobRow, "id">>) {
  await db.updateTable("user_imports").set(changes).where("id", "=", id).execute();
}

export const findImportJob = (db: Executor, id: string) =>
  db.selectFrom("user_imports").selectAll().where("id", "=", id).executeTakeFirst();

/**
 * An import whose process stopped (no heartbeat since `staleBefore`) wrote nothing, its single
 * transaction never committed, so it simply failed. Imports other processes are running keep beating.
 */
export async function failInterruptedImports(
  db: Executor,
  at: string,
  message: string,
  staleBefore: string,
  id?: string,
) {
  let query = db
    .updateTable("user_imports")
    .set({ status: "failed", error: message, finished_at: at })
    .where("status", "=", "running")
    .where((eb) => eb.or([eb("heartbeat_at", "is", null), eb("heartbeat_at", "<", staleBefore)]));
  if (id) query = query.where("id", "=", id);
  await query.execute();
}

/** The running process is alive and has prepared `processed` rows. */
export async function beatImportJob(db: Executor, id: string, at: string, processed: number) {
  await db.updateTable("user_imports").set({ heartbeat_at: at, processed }).where("id", "=", id).execute();
}

export function presentImportJob(row: ImportJobRow, processed: number): UserImportJob {
  return {
    _id: row.id,
    status: row.status as UserImportJob["status"],
    total: row.total,
    processed: row.status === "running" ? processed : row.total,
    created: row.created,
    enrolled: row.enrolled,
    invited: row.invited,
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}
