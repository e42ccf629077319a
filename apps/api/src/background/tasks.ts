import type { FastifyBaseLogger } from "fastify";

/**
 * Work that should not hold up an answer (e-mails to a course, copying a provider's recording).
 * A failure is logged, never thrown at the caller; `drain` waits for what is still running.
 */
export interface BackgroundTasks {
  run(name: string, task: () => Promise<unknown>): void;
  drain(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const promise = task()
        .catch((error: unknown) => log.error({ err: error, task: name }, "background task failed"))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
