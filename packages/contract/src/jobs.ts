import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope, objectIdSchema, paginationQuerySchema, paginationSchema } from "./common.js";

export const JOB_STATES = ["pending", "running", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATES)[number];

export const JOB_MESSAGES = messageGroup("JOB_MESSAGES", {
  notFound: "Job not found",
  notFailed: "Only a failed job can be retried",
  retried: "The job will run again shortly",
});

/** A background job as admins see it: its type and ids, never its payload (it may hold links with tokens). */
export const jobSchema = z.object({
  _id: z.string(),
  type: z.string(),
  status: z.enum(JOB_STATES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  /** When it runs next (pending), or when it failed its last attempt (failed). */
  runAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListQuerySchema = paginationQuerySchema.extend({ status: z.enum(JOB_STATES).optional() });
export type JobListQuery = z.input<typeof jobListQuerySchema>;
export const jobListResponseSchema = envelope(z.object({ jobs: z.array(jobSchema), pagination: paginationSchema }));
export const jobParamsSchema = z.object({ id: objectIdSchema });
export const jobResponseSchema = envelope(z.object({ job: jobSchema }));
