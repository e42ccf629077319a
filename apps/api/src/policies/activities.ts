import { SECURITY_ACTIVITY_TYPES } from "@lms/contract";
import { type Actor, isAdmin } from "./actors.js";

/** Entries that record security events or management changes: the audit trail. */
const AUDIT_TYPES = new Set<string>([
  "login",
  "logout",
  ...SECURITY_ACTIVITY_TYPES,
  "admin_action",
  "instructor_action",
]);

export interface ActivityRef {
  user_id: string | null;
  type: string;
}

/** Everyone's entries (the admin log, the export, everyone's stats): admins. */
export const canReadAllActivities = (actor: Actor): boolean => isAdmin(actor);

/** Exporting the log (spec §6: the Export button is enabled for admins only). */
export const canExportActivities = (actor: Actor): boolean => isAdmin(actor);

/** Whether the entry exists for this actor at all: their own, or anyone's for admins. */
export const canSeeActivity = (actor: Actor, entry: ActivityRef): boolean =>
  isAdmin(actor) || entry.user_id === actor.id;

/**
 * Deleting an entry: a user their own, except the audit trail (sign-ins, security events such as a
 * password or e-mail change, two-factor on or off, a recovery code used, sign-out everywhere; management changes); an admin anyone's, except admin actions (admins cannot erase their own trail).
 */
export function canDeleteActivity(actor: Actor, entry: ActivityRef): boolean {
  if (isAdmin(actor)) return entry.type !== "admin_action";
  return entry.user_id === actor.id && !AUDIT_TYPES.has(entry.type);
}
