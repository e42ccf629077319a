import type { CourseListResponse } from "@lms/contract";

/** The catalogue's answer (`courseListResponseSchema`) around its courses' summaries, already JSON. */
export const catalogueBody = (summaries: string[], pagination: CourseListResponse["data"]["pagination"]) =>
  Buffer.from(
    `{"success":true,"data":{"courses":[${summaries.join(",")}],"pagination":${JSON.stringify(pagination)}}}`,
  );
