import path from "node:path";
import type { Config } from "../config.js";
import { createLocalStorage } from "./local.js";
import { BACKUP_ARCHIVES_PREFIX, createS3Storage } from "./s3.js";
import type { Storage } from "./storage.js";

/** S3-compatible object storage when S3_BUCKET is set, else files under DATA_DIR/uploads. */
export function storageFromConfig(config: Config): Storage {
  return config.s3
    ? createS3Storage(config.s3, { hiddenPrefixes: [BACKUP_ARCHIVES_PREFIX] })
    : createLocalStorage(path.join(config.dataDir, "uploads"));
}

/**
 * Where backup archives are kept: under `backups/` in the same bucket when S3_BUCKET is set, so every
 * api machine can list and serve every archive, else under DATA_DIR/backups.
 */
export function archiveStorageFromConfig(config: Config): Storage {
  return config.s3
    ? createS3Storage(config.s3, { keyPrefix: BACKUP_ARCHIVES_PREFIX })
    : createLocalStorage(path.join(config.dataDir, "backups"));
}
