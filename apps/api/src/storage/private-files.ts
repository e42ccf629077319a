import { chmodSync, existsSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";

/** Everything the product writes (database, uploads, mail outbox, archives, secrets) is for its own user only. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** The folders and files the product keeps in DATA_DIR. */
const KNOWN_FOLDERS = ["uploads", "outbox", "backups"];
const KNOWN_FILES = ["jwt-secret", "backup-key", "lms.db", "lms.db-wal", "lms.db-shm"];

/**
 * Takes away group and other access that an older install left on DATA_DIR's known files and folders.
 * A known folder that is already private was made (or tightened) by this version, so it is not walked again.
 */
export function tightenDataDir(dataDir: string): void {
  chmodSync(dataDir, PRIVATE_DIR_MODE);
  for (const name of KNOWN_FILES) tighten(path.join(dataDir, name));
  for (const name of KNOWN_FOLDERS) tighten(path.join(dataDir, name));
}

function tighten(target: string): void {
  if (!existsSync(target)) return;
  const stat = lstatSync(target);
  if (stat.isSymbolicLink()) return;
  if (stat.isFile()) {
    if ((stat.mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(target, PRIVATE_FILE_MODE);
    return;
  }
  if (!stat.isDirectory() || (stat.mode & 0o777) === PRIVATE_DIR_MODE) return;
  chmodSync(target, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(target)) tighten(path.join(target, entry));
}

/** Makes a file private if it exists (the SQLite -wal/-shm files next to an older database). */
export function tightenFile(file: string): void {
  if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
}
