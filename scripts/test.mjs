// `npm test`: every check, in order; stops at the first failure with its exit code.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const steps = [
  ["build", "npm run build"],
  ["first-load budget (gzipped JavaScript)", "node apps/web/scripts/first-load-budget.mjs"],
  ["typecheck", "npm run typecheck"],
  ["lint", "npx biome ci ."],
  ["web unit tests", "npm run test -w apps/web"],
  ["api tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set)", "npm run test -w apps/api"],
  ["end-to-end tests (Chromium)", "npm run e2e -w apps/web"],
];

for (const [name, command] of steps) {
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const { status } = spawnSync(command, { cwd: root, stdio: "inherit", shell: true });
  console.log(`=== ${name}: ${status === 0 ? "ok" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (status !== 0) process.exit(status ?? 1);
}
console.log("\nall checks passed");
