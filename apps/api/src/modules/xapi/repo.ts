import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { StatementRow } from "./statement.js";

export interface StatementScope {
  userId?: string;
  /** Inclusive start and exclusive end (ISO 8601). */
  from?: string;
  before?: string;
}

/** Every matching statement oldest first, a batch at a time by keyset paging on (timestamp, id). */
export async function* statementsInBatches(db: Kysely<Database>, scope: StatementScope, size = 1000) {
  let after: { timestamp: string; id: string } | null = null;
  for (;;) {
    let query = db.selectFrom("xapi_statements").selectAll();
    if (scope.userId) query = query.where("user_id", "=", scope.userId);
    if (scope.from) query = query.where("timestamp", ">=", scope.from);
    if (scope.before) query = query.where("timestamp", "<", scope.before);
    if (after) {
      const { timestamp, id } = after;
      query = query.where((eb) =>
        eb.or([eb("timestamp", ">", timestamp), eb.and([eb("timestamp", "=", timestamp), eb("id", ">", id)])]),
      );
    }
    const rows: StatementRow[] = await query.orderBy("timestamp").orderBy("id").limit(size).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1];
  }
}

/** The oldest statements the LRS has not accepted yet. */
export const pendingStatements = (db: Kysely<Database>, limit: number) =>
  db
    .selectFrom("xapi_statements")
    .selectAll()
    .where("delivered_at", "is", null)
    .orderBy("timestamp")
    .orderBy("id")
    .limit(limit)
    .execute();

export async function markDelivered(db: Kysely<Database>, ids: string[], stamp: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("xapi_statements").set({ delivered_at: stamp }).where("id", "in", ids).execute();
}

export async function hasPending(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom("xapi_statements")
    .select("id")
    .where("delivered_at", "is", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
