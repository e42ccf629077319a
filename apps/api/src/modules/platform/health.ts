import { type HealthCheck, healthScore, type SystemHealth } from "@lms/contract";
import { type HealthDeps, runHealthChecks } from "./health-checks.js";

/** A report is reused this long by the stats' systemHealth, so the dashboard's stats never wait on a mail server. */
const STATS_REUSE_MS = 30_000;

export function summarise(checks: HealthCheck[], checkedAt: Date): SystemHealth {
  const database = checks.find((check) => check.component === "database");
  const status =
    database?.status === "down" ? "down" : checks.every((check) => check.status === "ok") ? "ok" : "degraded";
  return { status, score: healthScore(checks), checkedAt: checkedAt.toISOString(), checks };
}

/**
 * Runs the checks on demand (GET /api/admin/health always checks afresh) and keeps the last report
 * for the stats' score: a report older than STATS_REUSE_MS is still answered while a new one runs.
 */
export function createHealthMonitor(deps: HealthDeps, now: () => Date) {
  let last: { report: SystemHealth; at: number } | null = null;
  let running: Promise<SystemHealth> | null = null;

  function check(): Promise<SystemHealth> {
    running ??= runHealthChecks(deps)
      .then((checks) => {
        const report = summarise(checks, now());
        last = { report, at: Date.now() };
        return report;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    check,
    async score(): Promise<number> {
      if (!last) return (await check()).score;
      if (Date.now() - last.at > STATS_REUSE_MS) check().catch(() => undefined);
      return last.report.score;
    },
  };
}
export type HealthMonitor = ReturnType<typeof createHealthMonitor>;
