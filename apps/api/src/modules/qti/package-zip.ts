import { QTI_MESSAGES as M, QTI_LIMITS } from "@lms/contract";
import yauzl from "yauzl";
import { badRequest, fieldError } from "../../http/errors.js";

const MB = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/** Tiny entries may compress very well without being a bomb; the ratio is judged above this size. */
const RATIO_FLOOR_BYTES = 64 * 1024;

const refuse = (message: (typeof M)[keyof typeof M]) => badRequest(message, [fieldError("file", message)]);

/** Whether a zip entry's name stays inside the package: relative, no `..`, no drive, no backslash. */
function isSafePath(name: string): boolean {
  if (yauzl.validateFileName(name) !== null) return false;
  return !name.split("/").some((part) => part === "..") && !/^[a-zA-Z]:/.test(name) && !name.includes("\0");
}

const isLink = (entry: yauzl.Entry) => ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(refuse(M.badZip)) : resolve(zip),
    );
  });
}

/** Every entry's record, read from the central directory only (no content is unpacked yet). */
function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on("entry", (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve(entries));
    zip.on("error", () => reject(refuse(M.badZip)));
    zip.readEntry();
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(refuse(M.badZip));
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => resolve(Buffer.concat(chunks)));
      // validateEntrySizes: content longer than its declared size fails here
      stream.on("error", () => reject(refuse(M.badZip)));
    });
  });
}

const entryName = (entry: yauzl.Entry) =>
  Buffer.isBuffer(entry.fileName) ? (entry.fileName as Buffer).toString("utf8") : String(entry.fileName);

/**
 * The files of a zip package, in memory, by path. Every entry is checked from the central directory
 * before any content is unpacked: a path that leaves the package, a link, too many entries, too
 * much unpacked or too high a compression ratio refuses the whole package (400).
 */
export async function unpackPackage(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await openZip(buffer);
  try {
    if (zip.entryCount > QTI_LIMITS.maxEntries) throw refuse(M.tooManyEntries);
    const entries = await listEntries(zip);
    let total = 0;
    for (const entry of entries) {
      const name = entryName(entry);
      if (!isSafePath(name)) throw refuse(M.unsafePath);
      if (isLink(entry)) throw refuse(M.linkInPackage);
      total += entry.uncompressedSize;
      if (total > QTI_LIMITS.maxUnpackedMegabytes * MB) throw refuse(M.tooLargeUnpacked);
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > QTI_LIMITS.maxCompressionRatio) {
        throw refuse(M.compressionRatio);
      }
    }
    const files = new Map<string, Buffer>();
    for (const entry of entries) {
      const name = entryName(entry);
      if (!name.endsWith("/")) files.set(name, await readEntry(zip, entry));
    }
    return files;
  } finally {
    zip.close();
  }
}

/** Whether the bytes are a zip archive (a local file header first). */
export const isZip = (buffer: Buffer) => buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50;
