import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope } from "./common.js";

export const STORAGE_SWEEP_MESSAGES = messageGroup("STORAGE_SWEEP_MESSAGES", {
  swept: "Orphaned files removed",
});

/** What the orphan sweep would remove now: stored files no row points at, older than the grace period. */
export const orphanReportSchema = z.object({
  count: z.number().int(),
  bytes: z.number().int(),
  /** Up to 20 of their keys, in listing order. */
  sample: z.array(z.string()),
  /** Files younger than this are never orphans (an upload may still be on its way to its row). */
  graceMinutes: z.number().int(),
});
export type OrphanReport = z.infer<typeof orphanReportSchema>;

export const orphanSweepSchema = z.object({ removed: z.number().int(), bytes: z.number().int() });
export type OrphanSweep = z.infer<typeof orphanSweepSchema>;

export const orphanReportResponseSchema = envelope(orphanReportSchema);
export const orphanSweepResponseSchema = envelope(orphanSweepSchema);
