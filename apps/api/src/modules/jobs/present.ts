import type { Job } from "@lms/contract";
import type { JobRow } from "./repo.js";

export const presentJob = (row: JobRow): Job => ({
  _id: row.id,
  type: row.type,
  status: row.status as Job["status"],
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  lastError: row.last_error,
  runAt: row.run_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
