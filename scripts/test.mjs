// `npm test`: every check. Steps in one group run side by side (their output is printed whole as each
// ends); groups run in order, and the first group with a failure ends the run with its exit code.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const groups = [
  [["build: contract", "npm run build -w packages/contract"]],
  [
    ["build: web", "npm run build -w apps/web"],
    ["build: api", "npm run build -w apps/api"],
  ],
  [
    ["first-load budget (gzipped JavaScript)", "node apps/web/scripts/first-load-budget.mjs"],
    ["lint", "npx biome ci ."],
    ["typecheck: api", "npm run typecheck -w apps/api"],
    ["typecheck: web and contract", "npm run typecheck -w apps/web -w packages/contract"],
    ["web unit tests", "npm run test -w apps/web"],
  ],
  [["api tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set)", "npm run test -w apps/api"]],
  [["end-to-end tests (Chromium)", "npm run e2e -w apps/web"]],
];

/** Runs one step; alone in its group it prints as it goes, beside others it prints its output when done. */
function run([name, command], alone) {
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const child = spawn(command, { cwd: root, shell: true, stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (status) => {
      if (!alone) console.log(`\n=== ${name}: output\n${Buffer.concat(output).toString()}`);
      console.log(`=== ${name}: ${status === 0 ? "ok" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s`);
      resolve(status ?? 1);
    });
  });
}

const started = Date.now();
for (const group of groups) {
  const statuses = await Promise.all(group.map((step) => run(step, group.length === 1)));
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
}
const minutes = (Date.now() - started) / 60_000;
// ARCHITECTURE §9: a clean `bash .ci/run` (this, after installing) under 15 minutes on a quiet machine.
console.log(
  `\nall checks passed in ${minutes.toFixed(1)} min (budget: under 15 min: ${minutes < 15 ? "met" : "NOT MET"})`,
);
