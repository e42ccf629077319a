import { type Actor, isAdmin } from "./actors.js";

/** Seeing and removing orphaned stored files: admins and super admins (the report names every kind of file). */
export const canManageStorage = (actor: Actor): boolean => isAdmin(actor);
