import path from "node:path";
import pino from "pino";
import { buildApp } from "./app.js";
import { type Config, loadConfig } from "./config.js";
import { openDb } from "./db/connection.js";
import { migrateToLatest } from "./db/migrate.js";
import { waitForDatabase } from "./db/wait-for-database.js";
import { ensureDefaultSettings } from "./modules/settings/repo.js";
import { seedDemoData } from "./seed/demo.js";
import { seedDemoSessions } from "./seed/sessions.js";
import { createLocalStorage } from "./storage/local.js";

/** A start-up failure is one readable line and exit code 1, for a process supervisor to act on. */
function exitWith(message: string): never {
  console.error(`lms: cannot start: ${message}`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  exitWith((error as Error).message.replace(/\n\s*/g, " "));
}
const log = pino({ level: config.logLevel });
const database = openDb(config.databaseUrl, { log, connectTimeoutMs: config.databaseConnectTimeoutMs });
try {
  await waitForDatabase(database.db, log);
  await migrateToLatest(database.db);
  await ensureDefaultSettings(database.db);
} catch (error) {
  exitWith((error as Error).message);
}

const storage = createLocalStorage(path.join(config.dataDir, "uploads"));
const app = await buildApp({ config, database, storage, loggerInstance: log });

if (config.seedDemo && (await seedDemoData(database.db, storage))) app.log.info("seeded demo data");
const uidDomain = new URL(config.publicUrl).hostname;
if (config.seedDemo && (await seedDemoSessions(database.db, { storage, uidDomain })))
  app.log.info("seeded demo sessions");

const SHUTDOWN_GRACE_MS = 10_000;

// On SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database.
let closing = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Keep-alive sockets would hold close() open: drop each as soon as its last response is out,
    // and everything after a grace period.
    const dropIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    const dropAll = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    try {
      await app.close();
      clearInterval(dropIdle);
      clearTimeout(dropAll);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  });
}

await app.listen({ port: config.port, host: config.host });
