import {
  ANALYTICS_LIMITS,
  type CourseAnalytics,
  type CourseAnalyticsQuery,
  type StudentProgress,
  type StudentProgressExportQuery,
  type StudentProgressQuery,
} from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { forbidden, notFound } from "../../http/errors.js";
import { type Actor, canViewCourseAnalytics } from "../../policies/index.js";
import { COURSE_NOT_FOUND, findCourse, NOT_YOUR_COURSE } from "../courses/access.js";
import {
  percentOf,
  presentAssessmentFigures,
  presentAttendance,
  presentStopPoints,
  presentStudent,
  round1,
} from "./present.js";
import * as repo from "./repo.js";
import { pageMissing } from "./scores-repo.js";
import { enrollmentSeries, seriesStart } from "./series.js";
import { countAndStore } from "./stored-missing.js";
import { countStudents, type StudentFilter, type StudentRow, searchedPage, studentPage } from "./students-repo.js";

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** Rows of the CSV export are read this many at a time. */
const EXPORT_BATCH = 1000;

type Db = Kysely<Database>;

/** A learner's stored grade row (migration 028), read with the page's rows; none before any grade. */
const gradeOf = (row: StudentRow) =>
  row.earned === null || row.possible === null
    ? undefined
    : { earned: Number(row.earned), possible: Number(row.possible) };

/**
 * Runs a read's queries on one connection taken once. SQLite's single connection is handed out by
 * a mutex per query: a read of many queries queued for each behind every other request's, and its
 * latency grew with their number; taken once, it waits its turn once.
 */
const onOneConnection = <T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> => db.connection().execute(read);

export function createAnalyticsService({ db, now }: { db: Db; now: () => Date }) {
  async function courseToAnalyse(actor: Actor, courseId: string, conn: Db = db) {
    const course = await findCourse(conn, courseId);
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (!canViewCourseAnalytics(actor, course)) throw forbidden(NOT_YOUR_COURSE);
    return course;
  }

  /**
   * Missing work of a page of learners (stored, else counted), then the rows as the api shows them. A
   * page of the list stores what it counted; the export, which reads every learner once, only counts
   * (storing costs two statements a learner, a round trip each on PostgreSQL).
   */
  async function withStanding(
    courseId: string,
    rows: StudentRow[],
    at: Date,
    { conn = db, store = true }: { conn?: Db; store?: boolean } = {},
  ): Promise<StudentProgress[]> {
    const unknown = rows.filter((row) => row.stored_missing === null).map((row) => row.id);
    const counted = store
      ? await countAndStore(conn, courseId, unknown, at.toISOString())
      : new Map((await pageMissing(conn, courseId, unknown, at.toISOString())).map((c) => [c.user_id, c.missing]));
    const missingOf = (row: StudentRow) => Number(row.stored_missing ?? counted.get(row.id) ?? 0);
    return rows.map((row) => presentStudent(row, gradeOf(row), missingOf(row), at.getTime()));
  }

  async function courseFigures(
    conn: Db,
    actor: Actor,
    courseId: string,
    query: CourseAnalyticsQuery,
  ): Promise<CourseAnalytics> {
    const course = await courseToAnalyse(actor, courseId, conn);
    const at = now();
    const periods = query.periods ?? ANALYTICS_LIMITS.periodsDefault[query.interval];
    const start = seriesStart(at, query.interval, periods);
    const [figures, byDay, assessments, sessions, lessons, stops] = await Promise.all([
      repo.enrollmentFigures(conn, courseId, at),
      repo.enrollmentsByDay(conn, courseId, start.toISOString()),
      repo.assessmentFigures(conn, courseId),
      repo.sessionAttendance(conn, courseId, at.toISOString()),
      repo.lessonsInOrder(conn, courseId),
      repo.stopCounts(conn, courseId),
    ]);
    return {
      courseId,
      title: course.title,
      enrollments: { total: figures.total, completed: figures.completed, atRisk: figures.atRisk },
      completionRate: percentOf(figures.completed, figures.total),
      averageProgress: round1(figures.averageProgress),
      enrollmentsOverTime: {
        interval: query.interval,
        points: enrollmentSeries(byDay.days, byDay.before, start, query.interval, periods),
      },
      assessments: presentAssessmentFigures(assessments),
      attendance: presentAttendance(sessions),
      stopPoints: presentStopPoints(lessons, stops),
    };
  }

  async function studentsPage(conn: Db, actor: Actor, courseId: string, query: StudentProgressQuery) {
    await courseToAnalyse(actor, courseId, conn);
    const at = now();
    const window = { limit: query.limit, offset: (query.page - 1) * query.limit };
    const { rows, total } = query.search
      ? await searchedPage(conn, courseId, query, at.toISOString(), window)
      : {
          rows: await studentPage(conn, courseId, query, at.toISOString(), window),
          total: await countStudents(conn, courseId),
        };
    return { students: await withStanding(courseId, rows, at, { conn }), total };
  }

  return {
    course(actor: Actor, courseId: string, query: CourseAnalyticsQuery): Promise<CourseAnalytics> {
      return onOneConnection(db, (conn) => courseFigures(conn, actor, courseId, query));
    },

    students(actor: Actor, courseId: string, query: StudentProgressQuery) {
      return onOneConnection(db, (conn) => studentsPage(conn, actor, courseId, query));
    },

    /** Checks access before the answer starts, then yields every learner in order, a batch at a time. */
    async export(actor: Actor, courseId: string, filter: StudentProgressExportQuery) {
      const course = await courseToAnalyse(actor, courseId);
      const at = now();
      const order: StudentFilter = filter;
      async function* rows(): AsyncGenerator<StudentProgress> {
        for (let offset = 0; ; offset += EXPORT_BATCH) {
          const batch = await studentPage(db, courseId, order, at.toISOString(), { limit: EXPORT_BATCH, offset });
          // Not "shorter than a batch": a learner removed between the two reads of a batch shortens it.
          if (batch.length === 0) return;
          yield* await withStanding(courseId, batch, at, { store: false });
        }
      }
      return { course, at, rows: rows() };
    },
  };
}
