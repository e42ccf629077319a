import { type Actor, isAdmin } from "./actors.js";

/** Seeing background jobs and putting a failed one back (issue 13): admins and super admins. */
export const canManageJobs = (actor: Actor): boolean => isAdmin(actor);
