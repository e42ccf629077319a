import type { Readable } from "node:stream";
import { SCORM_LIMITS, SCORM_MESSAGES } from "@lms/contract";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { AppError, badRequest } from "../../http/errors.js";

/** Files below this size are never judged by their compression ratio (a page of spaces compresses well). */
const RATIO_FREE_BYTES = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export interface PackageEntry {
  /** The path inside the package, with forward slashes, checked to stay inside it. */
  path: string;
  size: number;
  entry: Entry;
}

export interface OpenedPackage {
  entries: PackageEntry[];
  read(entry: PackageEntry): Promise<Readable>;
  close(): void;
}

const openZip = (file: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(error) : resolve(zip)),
    ),
  );

/** Each entry's central-directory record, read without unpacking anything. */
const readDirectory = (zip: ZipFile) =>
  new Promise<Entry[]>((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on("entry", (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once("end", () => resolve(entries));
    zip.once("error", reject);
    zip.readEntry();
  });

/**
 * A path that stays inside the package folder: relative, no "..", no backslash (which Windows tools
 * write and some servers read as a separator), no drive letter, no control characters.
 */
export function safeEntryPath(raw: string): string | null {
  if (raw.length === 0 || raw.length > 1_000) return null;
  if (
    raw.includes("\\") ||
    raw.startsWith("/") ||
    /^[a-zA-Z]:/.test(raw) ||
    [...raw].some((ch) => ch.charCodeAt(0) < 0x20)
  )
    return null;
  const parts = raw.split("/");
  if (parts.some((part) => part === ".." || part === ".")) return null;
  return raw;
}

const isLink = (entry: Entry) => ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
const isFolder = (name: string) => name.endsWith("/");

/**
 * Opens a SCORM zip and checks every entry from the central directory before anything is unpacked:
 * count, paths, links, the declared sizes and compression ratios. Sizes declared falsely are caught
 * while reading (yauzl compares them with what it inflates).
 */
export async function openPackage(file: string): Promise<OpenedPackage> {
  const zip = await openZip(file).catch(() => {
    throw badRequest(SCORM_MESSAGES.notAZip);
  });
  try {
    if (zip.entryCount > SCORM_LIMITS.maxEntries) throw badRequest(SCORM_MESSAGES.tooManyEntries);
    const records = await readDirectory(zip).catch((error: unknown) => {
      throw error instanceof AppError ? error : badRequest(SCORM_MESSAGES.notAZip);
    });
    const entries: PackageEntry[] = [];
    let total = 0;
    for (const entry of records) {
      // decodeStrings: false gives the raw bytes, so yauzl changes nothing (backslashes included) before the check.
      const name = (entry.fileName as unknown as Buffer).toString("utf8");
      const path = safeEntryPath(name);
      if (path === null) throw badRequest(SCORM_MESSAGES.unsafePath);
      if (isLink(entry)) throw badRequest(SCORM_MESSAGES.linkRefused);
      if (isFolder(path)) continue;
      total += entry.uncompressedSize;
      if (total > SCORM_LIMITS.maxUnpackedBytes) throw badRequest(SCORM_MESSAGES.tooLarge);
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > RATIO_FREE_BYTES && ratio > SCORM_LIMITS.maxCompressionRatio) {
        throw badRequest(SCORM_MESSAGES.compressionRatio);
      }
      entries.push({ path, size: entry.uncompressedSize, entry });
    }
    return {
      entries,
      read: (item) =>
        new Promise<Readable>((resolve, reject) =>
          zip.openReadStream(item.entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream))),
        ),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
