import type { ReportFilters } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/** One page of a report: the rows after the id `after` (ids are time-ordered), at most `limit`. */
export interface Page {
  filters: ReportFilters;
  after: string | null;
  limit: number;
}

/** ISO bounds of the filters' days: from the start day's midnight to the midnight after the end day (UTC). */
export function dayBounds({ startDate, endDate }: ReportFilters) {
  const next = endDate ? new Date(Date.parse(`${endDate}T00:00:00.000Z`) + 86_400_000).toISOString() : undefined;
  return { from: startDate ? `${startDate}T00:00:00.000Z` : undefined, before: next };
}

export function users(db: Db, { filters, after, limit }: Page) {
  const { from, before } = dayBounds(filters);
  let query = db.selectFrom("users").selectAll();
  if (from) query = query.where("created_at", ">=", from);
  if (before) query = query.where("created_at", "<", before);
  if (filters.role) query = query.where("role", "=", filters.role);
  if (after) query = query.where("id", ">", after);
  return query.orderBy("id").limit(limit).execute();
}

export function courses(db: Db, { filters, after, limit }: Page) {
  const { from, before } = dayBounds(filters);
  let query = db
    .selectFrom("courses as c")
    .leftJoin("categories as cat", "cat.id", "c.category_id")
    .leftJoin("users as u", "u.id", "c.instructor_id")
    .select([
      "c.id",
      "c.course_code",
      "c.title",
      "cat.name as category",
      "u.name as instructor",
      "u.email as instructor_email",
      "c.published",
      "c.price_credits",
      "c.difficulty",
      "c.enrollment_count",
      "c.completion_count",
      "c.rating_count",
      "c.rating_sum",
      "c.created_at",
    ]);
  if (from) query = query.where("c.created_at", ">=", from);
  if (before) query = query.where("c.created_at", "<", before);
  if (after) query = query.where("c.id", ">", after);
  return query.orderBy("c.id").limit(limit).execute();
}
export type CourseReportRow = Awaited<ReturnType<typeof courses>>[number];

export function enrollments(db: Db, { filters, after, limit }: Page) {
  const { from, before } = dayBounds(filters);
  let query = db
    .selectFrom("enrollments as e")
    .innerJoin("users as u", "u.id", "e.user_id")
    .innerJoin("courses as c", "c.id", "e.course_id")
    .select([
      "e.id",
      "e.enrolled_at",
      "u.name",
      "u.email",
      "u.role",
      "c.course_code",
      "c.title",
      "e.status",
      "e.progress",
      "e.completed_at",
      "e.last_accessed_at",
    ]);
  if (from) query = query.where("e.enrolled_at", ">=", from);
  if (before) query = query.where("e.enrolled_at", "<", before);
  if (filters.courseId) query = query.where("e.course_id", "=", filters.courseId);
  if (filters.role) query = query.where("u.role", "=", filters.role);
  if (after) query = query.where("e.id", ">", after);
  return query.orderBy("e.id").limit(limit).execute();
}
export type EnrollmentReportRow = Awaited<ReturnType<typeof enrollments>>[number];

export function activity(db: Db, { filters, after, limit }: Page) {
  const { from, before } = dayBounds(filters);
  let query = db
    .selectFrom("activities as a")
    .leftJoin("users as u", "u.id", "a.user_id")
    .leftJoin("courses as c", "c.id", "a.course_id")
    .select((eb) => [
      "a.id",
      "a.created_at",
      eb.fn.coalesce("u.name", "a.user_name").as("user_name"),
      "u.email",
      "u.role",
      "a.type",
      "a.title",
      "a.description",
      "c.course_code",
      "c.title as course_title",
    ]);
  if (from) query = query.where("a.created_at", ">=", from);
  if (before) query = query.where("a.created_at", "<", before);
  if (filters.courseId) query = query.where("a.course_id", "=", filters.courseId);
  if (filters.role) query = query.where("u.role", "=", filters.role);
  if (after) query = query.where("a.id", ">", after);
  return query.orderBy("a.id").limit(limit).execute();
}
export type ActivityReportRow = Awaited<ReturnType<typeof activity>>[number];

export function sessions(db: Db, { filters, after, limit }: Page) {
  const { from, before } = dayBounds(filters);
  let query = db
    .selectFrom("sessions as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select([
      "s.id",
      "s.title",
      "c.course_code",
      "c.title as course_title",
      "s.scheduled_at",
      "s.duration",
      "s.status",
      "s.type",
      "c.enrollment_count",
    ]);
  if (from) query = query.where("s.scheduled_at", ">=", from);
  if (before) query = query.where("s.scheduled_at", "<", before);
  if (filters.courseId) query = query.where("s.course_id", "=", filters.courseId);
  if (after) query = query.where("s.id", ">", after);
  return query.orderBy("s.id").limit(limit).execute();
}
export type SessionReportRow = Awaited<ReturnType<typeof sessions>>[number];

/** How many people attended each of these sessions and their finished time in it, in seconds. */
export const attendanceOf = (db: Db, sessionIds: readonly string[]) =>
  sessionIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("session_attendance")
        .select((eb) => ["session_id", eb.fn.countAll().as("attendees"), eb.fn.sum("seconds").as("seconds")])
        .where("session_id", "in", sessionIds)
        .groupBy("session_id")
        .execute();

/** The courses that have published assessments, by id after `after`. */
export const gradedCourses = (db: Db, after: string | null, limit: number) => {
  let query = db.selectFrom("assessments").select("course_id").distinct().where("published", "=", 1);
  if (after) query = query.where("course_id", ">", after);
  return query.orderBy("course_id").limit(limit).execute();
};
