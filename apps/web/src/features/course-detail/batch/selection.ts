import { LIMITS } from "@lms/contract";

/** Users picked for adding, by id with their names, kept while the admin pages and searches. */
export type Selection = ReadonlyMap<string, string>;

interface Pickable {
  _id: string;
  name: string;
}

/** The api adds at most this many users in one call. */
export const SELECTION_MAX = LIMITS.enrollmentBatchMax;

export const isFull = (selection: Selection) => selection.size >= SELECTION_MAX;

/** Adds the user, or takes them out when already picked; a full selection takes nobody new. */
export function toggle(selection: Selection, user: Pickable): Selection {
  const next = new Map(selection);
  if (next.has(user._id)) next.delete(user._id);
  else if (!isFull(selection)) next.set(user._id, user.name);
  return next;
}

export const allPicked = (selection: Selection, users: readonly Pickable[]) =>
  users.length > 0 && users.every((user) => selection.has(user._id));

/** Picks every user of a page (up to the maximum), or, when all of them are picked, none of them. */
export function togglePage(selection: Selection, users: readonly Pickable[]): Selection {
  const next = new Map(selection);
  if (allPicked(selection, users)) {
    for (const user of users) next.delete(user._id);
    return next;
  }
  for (const user of users) {
    if (next.size >= SELECTION_MAX) break;
    next.set(user._id, user.name);
  }
  return next;
}

export function without(selection: Selection, ids: readonly string[]): Selection {
  const next = new Map(selection);
  for (const id of ids) next.delete(id);
  return next;
}
