import {
  CATALOGUE_COUNT_CAP,
  type CourseListQuery,
  type ManagedCourseListQuery,
  type ManagedCourseSort,
} from "@lms/contract";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { compiledOnce, compiledPerLength } from "../../db/compiled-once.js";
import { pageSizeLiteral } from "../../db/page-size.js";
import type { CoursesTable, Database } from "../../db/types.js";
import { courseSummaryJson } from "./summary-json.js";

type Db = Kysely<Database>;

const COURSE_COLUMNS = [
  "courses.id",
  "courses.title",
  "courses.course_code",
  "courses.description",
  "courses.short_description",
  "courses.category_id",
  "categories.name as category_name",
  "courses.instructor_id",
  "users.name as instructor_name",
  "courses.price_credits",
  "courses.difficulty",
  "courses.duration",
  "courses.language",
  "courses.tags",
  "courses.requirements",
  "courses.learning_outcomes",
  "courses.thumbnail",
  "courses.published",
  "courses.enrollment_count",
  "courses.completion_count",
  "courses.completion_requires_assessments",
  "courses.rating_count",
  "courses.rating_sum",
  "courses.created_at",
  "courses.updated_at",
] as const;

/** Filters on the courses table alone, so counting needs no joins. */
function filtered(db: Db, filters: { category?: string; search?: string }) {
  let query = db.selectFrom("courses");
  if (filters.category) query = query.where("courses.category_id", "=", filters.category);
  if (filters.search) {
    const pattern = `%${filters.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // An explicit ESCAPE: SQLite has no default escape character for LIKE.
    query = query.where(
      sql<boolean>`(lower(courses.title) like ${pattern} escape '\\' or lower(courses.course_code) like ${pattern} escape '\\')`,
    );
  }
  return query;
}

type CourseFilter = ReturnType<typeof filtered>;

/** A filter's rows joined to their category and instructor. */
const joinedCourses = (query: CourseFilter) =>
  query
    .leftJoin("categories", "categories.id", "courses.category_id")
    .leftJoin("users", "users.id", "courses.instructor_id");

type Joined = ReturnType<typeof joinedCourses>;
type JoinedDb = Joined extends SelectQueryBuilder<infer D, infer _T, infer _O> ? D : never;
type JoinedTables = Joined extends SelectQueryBuilder<infer _D, infer T, infer _O> ? T : never;

/** The rows of a filter with their category and instructor names, in one query. */
const withNames = (query: CourseFilter) => joinedCourses(query).select(COURSE_COLUMNS);

type SortKey = "courses.enrollment_count" | "courses.created_at" | "courses.title" | "courses.published" | "courses.id";
type Order = readonly (readonly [SortKey, "asc" | "desc"])[];

/**
 * One page of `rows`. The page's ids come from the filter alone (an index walk), then only those
 * rows are joined to their names: deep pages cost the walk to their offset, not a sort. The page
 * size is written into the SQL (`pageSizeLiteral`).
 */
function onePage<O>(
  rows: SelectQueryBuilder<JoinedDb, JoinedTables, O>,
  base: CourseFilter,
  order: Order,
  limit: number,
  offset: number,
) {
  let ids = base.select("courses.id");
  let page = rows;
  for (const [column, direction] of order) {
    ids = ids.orderBy(column, direction);
    page = page.orderBy(column, direction);
  }
  return page.where("courses.id", "in", ids.limit(pageSizeLiteral(limit)).offset(offset));
}

const pageRowsQuery = (db: Db, base: CourseFilter, order: Order, limit: number, offset: number) =>
  onePage(withNames(db.selectFrom("courses")), base, order, limit, offset);

const pageRows = (db: Db, base: CourseFilter, order: Order, { page, limit }: { page: number; limit: number }) =>
  pageRowsQuery(db, base, order, limit, (page - 1) * limit).execute();

async function countAll(base: CourseFilter): Promise<number> {
  return Number((await base.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow()).count);
}

/** One page of rows and the exact total (managed lists: one teacher's courses, or an admin's). */
async function page(db: Db, base: CourseFilter, order: Order, query: { page: number; limit: number }) {
  const [rows, total] = await Promise.all([pageRows(db, base, order, query), countAll(base)]);
  return { rows, total };
}

const NEWEST_FIRST: Order = [
  ["courses.created_at", "desc"],
  ["courses.id", "desc"],
];
const CATALOGUE_ORDER: Record<CourseListQuery["sort"], Order> = {
  popular: [["courses.enrollment_count", "desc"], ...NEWEST_FIRST],
  newest: NEWEST_FIRST,
  title: [
    ["courses.title", "asc"],
    ["courses.id", "asc"],
  ],
};

/** Published courses matching the catalogue's filters. */
const publishedCourses = (db: Db, query: Pick<CourseListQuery, "category" | "search">) =>
  filtered(db, query).where("courses.published", "=", 1);

/** A page of the catalogue as each course's summary JSON (`summary-json.ts`). */
const cataloguePageQuery = (db: Db, base: CourseFilter, order: Order, limit: number, offset: number) =>
  onePage(
    joinedCourses(db.selectFrom("courses")).select(courseSummaryJson(db).as("summary")),
    base,
    order,
    limit,
    offset,
  );

type SummaryRows = Promise<{ summary: string }[]>;

interface CataloguePages {
  all: (db: Db, offset: number) => SummaryRows;
  inCategory: (db: Db, category: string, offset: number) => SummaryRows;
}

/**
 * The unsearched catalogue's queries per sort and page size, over every published course or one
 * category's, compiled once: the first pages are the hottest reads there are, and building the
 * query cost a fifth of one. At most three sorts times pageSizeMax sizes.
 */
const cataloguePages = new Map<string, CataloguePages>();

function cataloguePagesFor(sort: CourseListQuery["sort"], limit: number): CataloguePages {
  const key = `${sort}:${limit}`;
  let pages = cataloguePages.get(key);
  if (!pages) {
    const order = CATALOGUE_ORDER[sort];
    pages = {
      all: compiledOnce((db, offset: number) => cataloguePageQuery(db, publishedCourses(db, {}), order, limit, offset)),
      inCategory: compiledOnce((db, category: string, offset: number) =>
        cataloguePageQuery(db, publishedCourses(db, { category }), order, limit, offset),
      ),
    };
    cataloguePages.set(key, pages);
  }
  return pages;
}

/** The page's course summaries as JSON texts, in catalogue order. */
async function cataloguePage(db: Db, query: CourseListQuery): Promise<string[]> {
  const offset = (query.page - 1) * query.limit;
  const order = CATALOGUE_ORDER[query.sort];
  if (query.search) {
    const rows = await cataloguePageQuery(db, publishedCourses(db, query), order, query.limit, offset).execute();
    return rows.map((row) => row.summary);
  }
  const pages = cataloguePagesFor(query.sort, query.limit);
  const rows = await (query.category ? pages.inCategory(db, query.category, offset) : pages.all(db, offset));
  return rows.map((row) => row.summary);
}

const catalogueCount = compiledOnce((db, scope: string) =>
  db.selectFrom("catalogue_counts").select("count").where("scope", "=", scope),
);

/**
 * The catalogue's total without counting courses: all published ones, or a category's, come from
 * the trigger-kept counts (migration 034); a search counts its matches up to CATALOGUE_COUNT_CAP
 * (`capped` past it), since every match may need reading.
 */
async function catalogueTotal(db: Db, query: CourseListQuery): Promise<{ total: number; capped: boolean }> {
  if (query.search) {
    const matches = publishedCourses(db, query)
      .select("courses.id")
      .limit(CATALOGUE_COUNT_CAP + 1);
    const row = await db
      .selectFrom(matches.as("matches"))
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow();
    const total = Number(row.count);
    return { total: Math.min(total, CATALOGUE_COUNT_CAP), capped: total > CATALOGUE_COUNT_CAP };
  }
  const [row] = await catalogueCount(db, query.category ? `c:${query.category}` : "*");
  return { total: Number(row?.count ?? 0), capped: false };
}

/** A catalogue page: its courses' summaries as JSON texts, and the total. */
export async function listPublishedCourses(db: Db, query: CourseListQuery) {
  const [summaries, count] = await Promise.all([cataloguePage(db, query), catalogueTotal(db, query)]);
  return { summaries, ...count };
}

type Direction = "asc" | "desc";

/** A managed list's order: the sort's column in the asked (or its default) direction, then newest first. */
const MANAGED_SORTS: Record<ManagedCourseSort, { column: SortKey; direction: Direction }> = {
  created: { column: "courses.created_at", direction: "desc" },
  title: { column: "courses.title", direction: "asc" },
  learners: { column: "courses.enrollment_count", direction: "desc" },
  state: { column: "courses.published", direction: "desc" },
};

function managedOrder(sort: ManagedCourseSort, order: Direction | undefined): Order {
  const { column, direction } = MANAGED_SORTS[sort];
  const first = order ?? direction;
  if (sort === "created")
    return [
      [column, first],
      ["courses.id", first],
    ];
  return [[column, first], ...NEWEST_FIRST];
}

/** Courses someone manages: every course (instructorId null, for admins) or the ones they teach. */
export async function listManagedCourses(db: Db, instructorId: string | null, query: ManagedCourseListQuery) {
  let base = filtered(db, query);
  if (instructorId) base = base.where("courses.instructor_id", "=", instructorId);
  if (query.status) base = base.where("courses.published", "=", query.status === "published" ? 1 : 0);
  if (query.status === "pending" || query.status === "changes_requested") {
    const reviewStatus = query.status === "pending" ? "submitted" : "changes_requested";
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom("course_reviews")
          .select("course_reviews.course_id")
          .whereRef("course_reviews.course_id", "=", "courses.id")
          .where("course_reviews.status", "=", reviewStatus),
      ),
    );
  }
  return page(db, base, managedOrder(query.sort, query.order), query);
}

const courseWithNames = compiledOnce((db, id: string) =>
  withNames(db.selectFrom("courses")).where("courses.id", "=", id),
);

export const findCourseWithNames = async (db: Db, id: string) => (await courseWithNames(db, id))[0];

/** Courses by id with names, for lists built from other tables (enrollments). */
const coursesWithNamesQuery = compiledPerLength((db, _: [], ids) =>
  withNames(db.selectFrom("courses")).where("courses.id", "in", ids),
);

export async function findCoursesWithNames(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return coursesWithNamesQuery(db, [], ids);
}

export async function countCourses(db: Db): Promise<number> {
  const row = await db
    .selectFrom("courses")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function courseCodeTaken(db: Db, code: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom("courses").select("id").where("course_code", "=", code);
  if (exceptId) q = q.where("id", "!=", exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function insertCourse(db: Db, row: CoursesTable): Promise<void> {
  await db.insertInto("courses").values(row).execute();
}

export async function updateCourse(db: Db, id: string, changes: Partial<Omit<CoursesTable, "id">>): Promise<void> {
  await db.updateTable("courses").set(changes).where("id", "=", id).execute();
}

/** Removes the course; everything below it goes with it (foreign keys cascade). */
export async function deleteCourse(db: Db, id: string): Promise<void> {
  await db.deleteFrom("courses").where("id", "=", id).execute();
}

export const categoryExists = async (db: Db, id: string) =>
  Boolean(await db.selectFrom("categories").select("id").where("id", "=", id).executeTakeFirst());

export const isActiveInstructor = async (db: Db, id: string) =>
  Boolean(
    await db
      .selectFrom("users")
      .select("id")
      .where("id", "=", id)
      .where("role", "=", "instructor")
      .where("status", "=", "active")
      .executeTakeFirst(),
  );

/** Average stored progress of a course's enrollments (0 without any). */
const averageProgressRow = compiledOnce((db, courseId: string) =>
  db
    .selectFrom("enrollments")
    .select((eb) => eb.fn.avg<number | string | null>("progress").as("average"))
    .where("course_id", "=", courseId),
);

export async function averageProgress(db: Db, courseId: string): Promise<number> {
  const [row] = await averageProgressRow(db, courseId);
  return Math.round(Number(row?.average ?? 0));
}

/**
 * `averageProgress` for a page of courses in one grouped query over the enrollments' course index;
 * a course without enrollments is absent from the map.
 */
export async function averageProgressByCourse(db: Db, courseIds: string[]): Promise<Map<string, number>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("enrollments")
    .select(["course_id", (eb) => eb.fn.avg<number | string | null>("progress").as("average")])
    .where("course_id", "in", courseIds)
    .groupBy("course_id")
    .execute();
  return new Map(rows.map((r) => [r.course_id, Math.round(Number(r.average ?? 0))]));
}

export type CourseRow = NonNullable<Awaited<ReturnType<typeof findCourseWithNames>>>;

/** Stored recording files of the course's sessions (recordings hosted by a meeting provider have none). */
export async function recordingFileKeys(db: Db, courseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("recordings")
    .innerJoin("sessions", "sessions.id", "recordings.session_id")
    .select("recordings.storage_key")
    .where("sessions.course_id", "=", courseId)
    .where("recordings.storage_key", "is not", null)
    .execute();
  return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []));
}
