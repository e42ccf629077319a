import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { getSystemSettings } from "./repo.js";

export interface UploadLimits {
  maxMegabytes: number;
  /** Extensions of the allowedFileTypes setting, matched against each file's detected type. */
  allowedTypes: string[];
}

/** The `maxFileSize` and `allowedFileTypes` settings that every upload route keeps. */
export async function uploadLimits(db: Kysely<Database>): Promise<UploadLimits> {
  const { maxFileSize, allowedFileTypes } = await getSystemSettings(db);
  return { maxMegabytes: maxFileSize, allowedTypes: allowedFileTypes };
}
