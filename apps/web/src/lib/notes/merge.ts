import i18next from "i18next";
import { formatDateTime } from "@/lib/datetime";

/** One side of a conflict: the text and when it was last changed (ISO). */
export interface NoteVersion {
  content: string;
  changedAt: string | null;
}

export interface Resolution {
  content: string;
  /** True when both texts had to be kept, joined under a marker line. */
  merged: boolean;
}

const stamp = (iso: string | null) => (iso ? formatDateTime(iso) : i18next.t("noteConflict.unknownTime"));

/** The line that separates the kept older text from the newer one. */
export const conflictMarker = (side: "device" | "server", changedAt: string | null) =>
  side === "server"
    ? `----- ${i18next.t("noteConflict.keptServer", { time: stamp(changedAt) })} -----`
    : `----- ${i18next.t("noteConflict.keptDevice", { time: stamp(changedAt) })} -----`;

/**
 * "Newer text wins, no silent loss": what this device keeps when its save met a newer server copy.
 * When one text already holds the other (or one is empty) that text is kept as it is. Otherwise the
 * newer text comes first and the older follows under a marker line, so neither is lost.
 */
export function resolveNoteConflict(local: NoteVersion, server: NoteVersion): Resolution {
  if (local.content === server.content || local.content.includes(server.content)) {
    return { content: local.content, merged: false };
  }
  if (server.content.includes(local.content)) return { content: server.content, merged: false };
  const localIsNewer = (local.changedAt ?? "") > (server.changedAt ?? "");
  const [newer, older, olderSide] = localIsNewer
    ? [local, server, "server" as const]
    : [server, local, "device" as const];
  return {
    content: `${newer.content.trimEnd()}\n\n${conflictMarker(olderSide, older.changedAt)}\n${older.content}`,
    merged: true,
  };
}
