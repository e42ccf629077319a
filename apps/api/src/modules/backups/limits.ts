/** What a restore accepts (RESTORE_MAX_*): an archive beyond any of them is refused before anything changes. */
export interface RestoreLimits {
  maxEntries: number;
  /** Each entry's size, as its header declares it and as read. */
  maxEntryBytes: number;
  /** All entries together, uncompressed. */
  maxTotalBytes: number;
  /** Uncompressed bytes per compressed byte, once past `RATIO_FREE_BYTES`. */
  maxRatio: number;
  /** One line (one row) of the database dump. */
  maxRowBytes: number;
}

/** A small archive may compress well (a few empty files): the ratio counts from here on. */
export const RATIO_FREE_BYTES = 16 * 1024 * 1024;

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** One line each: which limit was passed and the setting that raises it. */
export const limitMessages = {
  entries: (limits: RestoreLimits) => `the archive has more than ${limits.maxEntries} entries (RESTORE_MAX_ENTRIES)`,
  entrySize: (name: string, limits: RestoreLimits) =>
    `entry ${name} is larger than ${mb(limits.maxEntryBytes)} (RESTORE_MAX_FILE_MB)`,
  total: (limits: RestoreLimits) =>
    `the archive holds more than ${mb(limits.maxTotalBytes)} uncompressed (RESTORE_MAX_TOTAL_MB)`,
  ratio: (limits: RestoreLimits) =>
    `the archive expands more than ${limits.maxRatio} times its compressed size (RESTORE_MAX_RATIO)`,
  row: (name: string, limits: RestoreLimits) =>
    `a row in ${name} is longer than ${mb(limits.maxRowBytes)} (RESTORE_MAX_ROW_MB)`,
};
