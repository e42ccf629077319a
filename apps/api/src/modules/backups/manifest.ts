import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** What makes an archive ours; a restore refuses anything else. */
export const ARCHIVE_FORMAT = "lms-backup";
export const ARCHIVE_FORMAT_VERSION = 1;
export const ARCHIVE_PRODUCT = "lms";
/** The last entry of every archive: it names and checks all the others. */
export const MANIFEST_ENTRY = "manifest.json";
/** After the manifest: its HMAC-SHA256 (hex) under the server's backup key, so edited rows with fresh checksums are refused. */
export const SIGNATURE_ENTRY = "manifest.hmac";
export const FILES_PREFIX = "files/";

/** A database page: `db/<table>/<page>.ndjson`, one row per line. */
export const DB_ENTRY = /^db\/([a-z0-9_]+)\/\d{6}\.ndjson$/;
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

export const signManifest = (manifest: Buffer, key: string) => createHmac("sha256", key).update(manifest).digest("hex");

export function manifestSignedBy(manifest: Buffer, signature: Buffer, key: string): boolean {
  const expected = Buffer.from(signManifest(manifest, key));
  return signature.length === expected.length && timingSafeEqual(signature, expected);
}
