import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";

const RESTART_DELAY_MS = 1000;

/**
 * `WORKERS=N`: the primary process forks N api processes that share the port (node:cluster hands
 * connections round-robin), starts a new one when one dies, and on SIGTERM/SIGINT passes the
 * signal on and exits once every worker has finished its requests.
 */
export function superviseWorkers(count: number, log: Logger): void {
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.on("exit", (code, signal) => onExit(worker, code, signal));
  };
  const onExit = (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, "api worker died; starting another");
    setTimeout(fork, RESTART_DELAY_MS);
  };
  for (let i = 0; i < count; i++) fork();
  log.info({ workers: count }, "api workers started");

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {});
      if (workers.length === 0) process.exit(0);
      for (const worker of workers) worker?.process.kill(signal);
    });
  }
}
