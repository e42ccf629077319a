import { REPORT_TYPES, reportFileName, reportRequestSchema } from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import type { Database } from "../../db/types.js";
import { csvStream, sendCsv } from "../../http/csv.js";
import { failures } from "../../http/failures.js";
import { canGenerateReports } from "../../policies/index.js";
import { createGradebookService } from "../gradebook/service.js";
import { createReportService } from "./service.js";

/** POST /api/admin/reports (spec §7, issue 11): a report as a streamed CSV download. */
export async function reportRoutes(
  app: FastifyInstance,
  { db, guard, now }: { db: Kysely<Database>; guard: Guard; now: () => Date },
): Promise<void> {
  const reports = createReportService({ db, gradebook: createGradebookService({ db, now }) });
  app.withTypeProvider<ZodTypeProvider>().post(
    "/admin/reports",
    {
      onRequest: allowOnly(guard, canGenerateReports),
      // Reading only: a report must not clear the read caches as writes do.
      config: { touchesNoCachedData: true },
      schema: {
        tags: ["admin"],
        security: [{ bearerAuth: [] }],
        description:
          `A report (${REPORT_TYPES.join(", ")}) as a CSV file (text/csv), streamed a page at a time. ` +
          "Filters: startDate and endDate (YYYY-MM-DD, both days included, UTC), courseId and role, where the " +
          "report has them (docs/features/admin-reports.md); a filter the report does not have is a 400.",
        body: reportRequestSchema,
        produces: ["text/csv"],
        response: failures,
      },
    },
    async (request, reply) => {
      const records = await reports.records(currentUser(request), request.body);
      return sendCsv(reply, csvStream(records), reportFileName(request.body.reportType, now()));
    },
  );
}
