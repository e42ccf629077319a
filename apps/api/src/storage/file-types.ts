import path from "node:path";
import { fileTypeFromBuffer } from "file-type";

export interface DetectedType {
  ext: string;
  mime: string;
}

/** Names by which a detected type may be listed in the allowedFileTypes setting. */
const ALIASES: Record<string, string[]> = {
  jpg: ["jpg", "jpeg"],
  cfb: ["doc", "xls", "ppt"],
  txt: ["txt", "csv", "md"],
};

const TEXT_TYPES: Record<string, string> = { csv: "text/csv", md: "text/markdown", txt: "text/plain" };

const looksLikeText = (head: Buffer) =>
  head.length > 0 && !head.includes(0) && head.toString("utf8").indexOf("\uFFFD") === -1;

/**
 * The type of a file judged from its content, never from what the client claims. Plain text has
 * no signature, so for text the original extension picks between txt, csv and md.
 */
export async function detectFileType(head: Buffer, originalName: string): Promise<DetectedType> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) return { ext: detected.ext, mime: detected.mime };
  if (looksLikeText(head)) {
    const ext = path.extname(originalName).slice(1).toLowerCase();
    return ext in TEXT_TYPES ? { ext, mime: TEXT_TYPES[ext] } : { ext: "txt", mime: "text/plain" };
  }
  return { ext: "bin", mime: "application/octet-stream" };
}

export function isAllowedType(type: DetectedType, allowed: string[]): boolean {
  const names = ALIASES[type.ext] ?? [type.ext];
  return names.some((name) => allowed.includes(name)) || allowed.includes(type.ext);
}

/** A display name safe to store and show: no path, no control characters, bounded length. */
export function safeFileName(name: string | undefined, fallback = "file"): string {
  const base = path.basename((name ?? "").replaceAll("\\", "/"));
  const printable = [...base].filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f).join("");
  const cleaned = printable.trim().slice(0, 200);
  return cleaned && cleaned !== "." && cleaned !== ".." ? cleaned : fallback;
}
