import type { EventEmitter } from "node:events";
import type { PostgresPool, PostgresPoolClient } from "kysely";
import pg from "pg";
import { DatabaseUnavailableError } from "./errors.js";

/** Where a dropped connection is reported (pino's logger fits). */
export interface DbLog {
  warn(details: object, message: string): void;
}

/**
 * A connection the server drops (restart, failover, `pg_terminate_backend`) emits `error` on its
 * client, and on the pool when the client was idle. An `error` event without a listener ends the
 * process, and pg-pool listens on idle clients only: a checked-out client had none. Both are
 * handled here and logged once (an idle client's error reaches the pool as the same object); pg
 * marks the client unusable, so the pool discards it on release and opens a new one when needed.
 */
export function handleConnectionErrors(pool: EventEmitter, log: DbLog): void {
  const logged = new WeakSet<Error>();
  const report = (error: Error) => {
    if (logged.has(error)) return;
    logged.add(error);
    log.warn(
      { code: (error as { code?: string }).code, reason: error.message },
      "database connection lost; it is discarded and a new one is opened on the next query",
    );
  };
  pool.on("error", report);
  pool.on("connect", (client: EventEmitter) => client.on("error", report));
}

export interface PoolOptions {
  schema?: string;
  log: DbLog;
  connectTimeoutMs: number;
}

/**
 * The pool Kysely queries through. A connection that cannot be opened (server down, refusing
 * connections, timed out) fails with DatabaseUnavailableError, which the api answers with 503.
 */
export function createPostgresPool(url: string, { schema, log, connectTimeoutMs }: PoolOptions): PostgresPool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  handleConnectionErrors(pool, log);
  return {
    async connect(): Promise<PostgresPoolClient> {
      try {
        return await pool.connect();
      } catch (error) {
        throw new DatabaseUnavailableError(error);
      }
    },
    end: () => pool.end(),
  };
}
