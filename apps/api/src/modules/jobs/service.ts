import { JOB_MESSAGES, type JobStatus } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { conflict, notFound } from "../../http/errors.js";
import { pagination } from "../../http/failures.js";
import type { Outbox } from "../../outbox/outbox.js";
import { presentJob } from "./present.js";
import * as repo from "./repo.js";

/** The admin's view of the job queue: list by status, put a failed job back. */
export function createJobAdminService(deps: { db: Kysely<Database>; outbox: Outbox; now: () => Date }) {
  const { db, outbox, now } = deps;
  return {
    async list(query: { status?: JobStatus; page: number; limit: number }) {
      const [rows, total] = await Promise.all([repo.jobsPage(db, query), repo.jobsTotal(db, query.status)]);
      return { jobs: rows.map(presentJob), pagination: pagination(query, total) };
    },

    /** 404 for an unknown id, 409 unless it is failed; answers the job, pending again. */
    async retry(id: string) {
      if (!(await repo.requeueFailed(db, id, now().toISOString()))) {
        const row = await repo.findJob(db, id);
        if (!row) throw notFound(JOB_MESSAGES.notFound);
        throw conflict(JOB_MESSAGES.notFailed);
      }
      outbox.kick();
      const row = await repo.findJob(db, id);
      if (!row) throw notFound(JOB_MESSAGES.notFound);
      return presentJob(row);
    },
  };
}
export type JobAdminService = ReturnType<typeof createJobAdminService>;
