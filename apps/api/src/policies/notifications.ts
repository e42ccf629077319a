import { type Actor, isAdmin } from "./actors.js";

/**
 * Broadcasting to users and reading the broadcast history: admins. Everyone signed in reads and
 * marks their own notifications only: those calls take no user id and select by the caller's, so
 * another user's notification is simply not found (404).
 */
export const canBroadcastNotifications = (actor: Actor): boolean => isAdmin(actor);
