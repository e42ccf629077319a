import { type Actor, isAdmin } from "./actors.js";

/** Everyone's xAPI statements (the export of a date range): admins. A learner has their own only. */
export const canExportAllStatements = (actor: Actor): boolean => isAdmin(actor);
