import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as m001 from "./migrations/001_foundation.js";

/** Migrations are listed in code so the built server needs no directory scan. */
const migrations: Record<string, Migration> = {
  "001_foundation": m001,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
