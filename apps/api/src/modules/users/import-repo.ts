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

/** A restart ends an import mid-way; its single transaction wrote nothing, so it simply failed. */
export async function failInterruptedImports(db: Executor, at: string, message: string) {
  await db
    .updateTable("user_imports")
    .set({ status: "failed", error: message, finished_at: at })
    .where("status", "=", "running")
    .execute();
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
