import { defineConfig } from "vitest/config";

// Every api test runs on SQLite, and again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
const dialects = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export default defineConfig({
  test: {
    projects: dialects.map((dialect) => ({
      test: {
        name: dialect,
        include: ["test/**/*.test.ts"],
        env: { TEST_DIALECT: dialect },
        testTimeout: 30_000,
        hookTimeout: 30_000,
      },
    })),
  },
});
