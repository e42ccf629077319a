import { createReadStream, existsSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import { loadConfig } from "./config.js";
import { openDb } from "./db/connection.js";
import { waitForDatabase } from "./db/wait-for-database.js";
import { ArchiveRefused } from "./modules/backups/archive-read.js";
import { restoreArchive } from "./modules/backups/restore.js";
import { storageFromConfig } from "./storage/from-config.js";

/**
 * `npm run restore -- <archive.tar.gz>`: brings the database named by DATABASE_URL and the files
 * under DATA_DIR/uploads back to a backup's state. Stop the server first. A damaged, edited, foreign
 * (not signed with this install's backup key) or oversized archive is refused with one line and exit
 * code 1 before anything is touched.
 */
function fail(message: string): never {
  console.error(`lms restore: ${message}`);
  process.exit(1);
}

const file = process.argv[2];
if (!file) fail("usage: npm run restore -- <backup.tar.gz>");
const archive = path.resolve(file);
if (!existsSync(archive)) fail(`no such file: ${archive}`);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail((error as Error).message.replace(/\n\s*/g, " "));
}
const log = pino({ level: "warn" });
const database = openDb(config.databaseUrl, { log, connectTimeoutMs: config.databaseConnectTimeoutMs });
const started = Date.now();
try {
  await waitForDatabase(database.db, log);
  const summary = await restoreArchive(() => createReadStream(archive), {
    database,
    uploads: storageFromConfig(config),
    key: config.backupKey,
    limits: config.restoreLimits,
  });
  const { manifest } = summary;
  console.log(`Restored ${archive}`);
  console.log(`  taken ${manifest.createdAt} on ${manifest.sourceDialect} at migration ${manifest.migration}`);
  console.log(
    `  into ${database.dialect} (${config.databaseUrl.replace(/\/\/[^@]*@/, "//")}), migrated to the latest level`,
  );
  for (const table of summary.tables) console.log(`  ${table.name}: ${table.rows} rows`);
  console.log(`  files: ${summary.files} restored, ${summary.filesRemoved} not in the backup removed`);
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  await database.close();
  if (error instanceof ArchiveRefused) fail(`refused: ${error.message}; nothing was changed`);
  fail(`failed: ${(error as Error).message}`);
}
await database.close();
