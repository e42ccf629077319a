import type { ReportFilters, ReportRequest } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import type { Actor } from "../../policies/index.js";
import { COURSE_NOT_FOUND, findCourse } from "../courses/access.js";
import type { GradebookService } from "../gradebook/service.js";
import { userRecords } from "../users/users-csv.js";
import * as present from "./present.js";
import * as repo from "./repo.js";

type Db = Kysely<Database>;
type Records = AsyncIterable<unknown[]>;

/** Rows read per query: a report holds one page at a time, whatever its size. */
export const REPORT_BATCH = 1000;

/** Every page of a keyset-paged query, one query per page, read only when the previous page was taken. */
async function* pages<T extends { id: string }>(
  read: (page: repo.Page) => Promise<T[]>,
  filters: ReportFilters,
): AsyncGenerator<T[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await read({ filters, after, limit: REPORT_BATCH });
    if (rows.length > 0) yield rows;
    if (rows.length < REPORT_BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

async function* records<T extends { id: string }>(
  header: string[],
  read: (page: repo.Page) => Promise<T[]>,
  filters: ReportFilters,
  record: (row: T) => unknown[],
): Records {
  yield header;
  for await (const rows of pages(read, filters)) {
    for (const row of rows) yield record(row);
  }
}

async function* sessionRecords(db: Db, filters: ReportFilters): Records {
  yield present.SESSIONS_HEADER;
  for await (const rows of pages((page) => repo.sessions(db, page), filters)) {
    const attendance = await repo.attendanceOf(
      db,
      rows.map((s) => s.id),
    );
    const bySession = new Map(
      attendance.map((a) => [a.session_id, { attendees: Number(a.attendees), seconds: Number(a.seconds ?? 0) }]),
    );
    for (const row of rows) yield present.sessionRecord(row, bySession.get(row.id));
  }
}

/** The grades of each course with published assessments, scored by the gradebook itself. */
async function* gradeRecords(db: Db, gradebook: GradebookService, actor: Actor, courseId: string | undefined): Records {
  yield present.GRADES_HEADER;
  let after: string | null = null;
  for (;;) {
    const courseIds: string[] = courseId
      ? [courseId]
      : (await repo.gradedCourses(db, after, REPORT_BATCH)).map((c) => c.course_id);
    for (const id of courseIds) {
      const { course, assessments, batches } = await gradebook.exportOf(actor, id);
      for await (const rows of batches()) {
        for (const row of rows) yield* present.gradeRecords(course, assessments, row);
      }
    }
    if (courseId || courseIds.length < REPORT_BATCH) return;
    after = courseIds[courseIds.length - 1];
  }
}

export function createReportService({ db, gradebook }: { db: Db; gradebook: GradebookService }) {
  return {
    /**
     * The report's CSV records, header first, read from the database a page at a time as they are
     * taken. A course filter naming no course is a 404 before anything is sent.
     */
    async records(actor: Actor, { reportType, filters }: ReportRequest): Promise<Records> {
      if (filters.courseId && !(await findCourse(db, filters.courseId))) throw notFound(COURSE_NOT_FOUND);
      switch (reportType) {
        case "users":
          return userRecords(pages((page) => repo.users(db, page), filters));
        case "courses":
          return records(present.COURSES_HEADER, (page) => repo.courses(db, page), filters, present.courseRecord);
        case "enrollments":
          return records(
            present.ENROLLMENTS_HEADER,
            (page) => repo.enrollments(db, page),
            filters,
            present.enrollmentRecord,
          );
        case "activity":
          return records(present.ACTIVITY_HEADER, (page) => repo.activity(db, page), filters, present.activityRecord);
        case "sessions":
          return sessionRecords(db, filters);
        case "grades":
          return gradeRecords(db, gradebook, actor, filters.courseId);
      }
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
