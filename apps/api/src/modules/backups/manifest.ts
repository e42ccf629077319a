import { z } from "zod";

/** What makes an archive ours; a restore refuses anything else. */
export const ARCHIVE_FORMAT = "lms-backup";
export const ARCHIVE_FORMAT_VERSION = 1;
export const ARCHIVE_PRODUCT = "lms";
/** The last entry of every archive: it names and checks all the others. */
export const MANIFEST_ENTRY = "manifest.json";
export const FILES_PREFIX = "files/";

export const tableEntryPath = (table: string, page: number) => `db/${table}/${String(page).padStart(6, "0")}.ndjson`;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  product: z.literal(ARCHIVE_PRODUCT),
  /** The newest migration of the database backed up. */
  migration: z.string().nullable(),
  createdAt: z.string(),
  sourceDialect: z.enum(["sqlite", "postgres"]),
  /** In load order: parents before children. */
  tables: z.array(z.object({ name: z.string().regex(/^[a-z0-9_]+$/), rows: z.number().int().min(0) })),
  files: z.number().int().min(0),
  entries: z.array(
    z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;
