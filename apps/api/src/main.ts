import cluster from "node:cluster";
import { buildApp } from "./app.js";
import { type Config, loadConfig } from "./config.js";
import { openDb } from "./db/connection.js";
import { migrateToLatest } from "./db/migrate.js";
import { waitForDatabase } from "./db/wait-for-database.js";
import { createLogger, prettyLogs } from "./log/logger.js";
import { startBanner } from "./log/start-banner.js";
import { ensureDefaultSettings } from "./modules/settings/repo.js";
import { seedDemoData } from "./seed/demo.js";
import { demoAccountsInUse } from "./seed/demo-accounts-in-use.js";
import { seedDemoSessions } from "./seed/sessions.js";
import { storageFromConfig } from "./storage/from-config.js";
import { superviseWorkers } from "./workers.js";

/** A start-up failure is one readable line and exit code 1, for a process supervisor to act on. */
function exitWith(message: string): never {
  console.error(`lms: cannot start: ${message}`);
  process.exit(1);
}

const SHUTDOWN_GRACE_MS = 10_000;

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  exitWith((error as Error).message.replace(/\n\s*/g, " "));
}
const log = createLogger({ level: config.logLevel, format: config.logFormat });
// With WORKERS > 1 the primary migrates and seeds once, then only supervises; workers serve.
const primaryOfMany = config.workers > 1 && cluster.isPrimary;
const database = openDb(config.databaseUrl, { log, connectTimeoutMs: config.databaseConnectTimeoutMs });
if (cluster.isPrimary) {
  try {
    await waitForDatabase(database.db, log);
    await migrateToLatest(database.db);
    await ensureDefaultSettings(database.db);
  } catch (error) {
    exitWith((error as Error).message);
  }
}

const storage = storageFromConfig(config);
if (cluster.isPrimary && config.seedDemo) {
  if (await seedDemoData(database.db, storage)) log.info("seeded demo data");
  const uidDomain = new URL(config.publicUrl).hostname;
  if (await seedDemoSessions(database.db, { storage, uidDomain })) log.info("seeded demo sessions");
}
if (primaryOfMany) {
  await printBannerOnTerminal();
  await database.close();
  superviseWorkers(config.workers, log);
} else {
  await serve();
  await printBannerOnTerminal();
}

/** On a terminal, one banner with the address to open and the demo accounts while they can sign in. */
async function printBannerOnTerminal() {
  if (!prettyLogs(config.logFormat)) return;
  console.log(startBanner(config.publicUrl, await demoAccountsInUse(database.db)));
}

async function serve() {
  const app = await buildApp({ config, database, storage, loggerInstance: log });

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
}
