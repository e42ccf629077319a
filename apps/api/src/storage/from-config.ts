import path from "node:path";
import type { Config } from "../config.js";
import { createLocalStorage } from "./local.js";
import { createS3Storage } from "./s3.js";
import type { Storage } from "./storage.js";

/** S3-compatible object storage when S3_BUCKET is set, else files under DATA_DIR/uploads. */
export function storageFromConfig(config: Config): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, "uploads"));
}
