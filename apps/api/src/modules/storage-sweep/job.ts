import type { Outbox } from "../../outbox/outbox.js";
import type { RecurringJob } from "../../outbox/recurring.js";
import type { StorageSweep } from "./service.js";

export const STORAGE_SWEEP_JOB = "storage.sweep";
/** Proposed daily by every process; one job a day runs it. */
export const storageSweepRecurring: RecurringJob = { type: STORAGE_SWEEP_JOB, everyMs: 24 * 60 * 60_000 };

export function registerStorageSweepJob(outbox: Outbox, sweep: StorageSweep) {
  outbox.register(STORAGE_SWEEP_JOB, { run: async () => void (await sweep.sweep()) });
}
