import { defineConfig } from "vitest/config";

// Every api test runs on SQLite, and again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
const dialects = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

// Files that replace a module with vi.mock need a module registry of their own; every other file shares
// its worker's (loading the app's modules anew for each of ~140 files cost more than the tests did).
const MOCKING_FILES = ["test/openapi-coverage.test.ts"];

const shared = { testTimeout: 30_000, hookTimeout: 30_000 };

// Names this run's migrated template database (test/support/db.ts) for every worker.
process.env.TEST_RUN_ID ??= `${Date.now().toString(36)}${process.pid}`;

export default defineConfig({
  test: {
    // Test files wait on PostgreSQL, child processes and sockets as much as on the CPU.
    maxWorkers: 3,
    globalSetup: ["test/support/global-teardown.ts"],
    projects: dialects.flatMap((dialect) => [
      {
        test: {
          ...shared,
          name: dialect,
          include: ["test/**/*.test.ts"],
          exclude: MOCKING_FILES,
          env: { TEST_DIALECT: dialect },
          isolate: false,
        },
      },
      {
        test: { ...shared, name: `${dialect} (isolated)`, include: MOCKING_FILES, env: { TEST_DIALECT: dialect } },
      },
    ]),
  },
});
