import pg from "pg";
import { postgresTemplateName } from "./db.js";

/** Drops the run's PostgreSQL template database (test/support/db.ts) once every test file is done. */
export default function setup() {
  return async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const runId = process.env.TEST_RUN_ID;
    if (!serverUrl || !runId) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${postgresTemplateName(serverUrl, runId)} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
