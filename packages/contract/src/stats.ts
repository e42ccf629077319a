import { z } from "zod";
import { envelope } from "./common.js";

/** Headline numbers of the home page hero, computed from the database. */
export const publicStatsSchema = z.object({
  students: z.number().int(),
  courses: z.number().int(),
  instructors: z.number().int(),
  /** Completed enrollments as a whole percentage of all enrollments; null while there are none. */
  successRate: z.number().int().nullable(),
});
export type PublicStats = z.infer<typeof publicStatsSchema>;
export const publicStatsResponseSchema = envelope(publicStatsSchema);
