import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types.js";
import { type Actor, isAdmin } from "../../policies/index.js";
import { logActivity } from "./repo.js";

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** The fields whose value differs, before and after; secrets only say that they changed. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  secret: readonly string[] = [],
): FieldChanges {
  const changes: FieldChanges = {};
  for (const [key, to] of Object.entries(after)) {
    if (to === undefined || before[key] === to) continue;
    changes[key] = secret.includes(key) ? { from: "(hidden)", to: "(changed)" } : { from: before[key] ?? null, to };
  }
  return changes;
}

/**
 * A management change: an `admin_action` when an admin made it, else an `instructor_action`.
 * `action` names it (e.g. "user_update"); `changes` says what changed. Call it in the change's transaction.
 */
export interface ManagementEntry {
  action: string;
  title: string;
  description?: string;
  courseId?: string;
  targetId?: string;
  changes?: FieldChanges;
  details?: Record<string, unknown>;
}

export function logManagement(db: Kysely<Database>, actor: Actor, entry: ManagementEntry): Promise<void> {
  const described =
    entry.changes && Object.keys(entry.changes).length > 0
      ? `Changed ${Object.keys(entry.changes).join(", ")}`
      : undefined;
  return logActivity(db, {
    userId: actor.id,
    type: isAdmin(actor) ? "admin_action" : "instructor_action",
    title: entry.title,
    description: entry.description ?? described,
    courseId: entry.courseId,
    metadata: { action: entry.action, targetId: entry.targetId, changes: entry.changes, ...entry.details },
  });
}

/** Makes a management change and writes its entry in one transaction. */
export function loggedChange<T>(
  db: Kysely<Database>,
  actor: Actor,
  entry: ManagementEntry,
  change: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    await logManagement(trx, actor, entry);
    return result;
  });
}
