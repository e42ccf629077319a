import type { JobStatus } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

const LISTED = [
  "id",
  "type",
  "status",
  "attempts",
  "max_attempts",
  "last_error",
  "run_at",
  "created_at",
  "updated_at",
] as const;

/** Newest change first; never the payload. */
export function jobsPage(db: Kysely<Database>, filter: { status?: JobStatus; page: number; limit: number }) {
  let query = db.selectFrom("outbox_jobs").select(LISTED);
  if (filter.status) query = query.where("status", "=", filter.status);
  return query
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .execute();
}

export async function jobsTotal(db: Kysely<Database>, status?: JobStatus): Promise<number> {
  let query = db.selectFrom("outbox_jobs").select((eb) => eb.fn.countAll<number>().as("n"));
  if (status) query = query.where("status", "=", status);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findJob = (db: Kysely<Database>, id: string) =>
  db.selectFrom("outbox_jobs").select(LISTED).where("id", "=", id).executeTakeFirst();
export type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

/** A failed job back to pending with a fresh count of attempts; false when it was not failed. */
export async function requeueFailed(db: Kysely<Database>, id: string, stamp: string): Promise<boolean> {
  const result = await db
    .updateTable("outbox_jobs")
    .set({ status: "pending", attempts: 0, run_at: stamp, locked_until: null, lease_token: null, updated_at: stamp })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
