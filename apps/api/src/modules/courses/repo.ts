import type { CourseListQuery } from "@lms/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";

/** The filter of the public catalogue: published courses, by category and search text. */
function publishedCourses(db: Kysely<Database>, query: Pick<CourseListQuery, "category" | "search">) {
  let q = db.selectFrom("courses").where("courses.published", "=", 1);
  if (query.category) q = q.where("courses.category_id", "=", query.category);
  if (query.search) {
    const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // An explicit ESCAPE: SQLite has no default escape character for LIKE.
    q = q.where(
      sql<boolean>`(lower(courses.title) like ${pattern} escape '\\' or lower(courses.course_code) like ${pattern} escape '\\')`,
    );
  }
  return q;
}

export async function listPublishedCourses(db: Kysely<Database>, query: CourseListQuery) {
  const base = publishedCourses(db, query);
  const order = {
    popular: [
      ["courses.enrollment_count", "desc"],
      ["courses.created_at", "desc"],
    ],
    newest: [["courses.created_at", "desc"]],
    title: [["courses.title", "asc"]],
  } as const;
  let rowsQuery = base
    .leftJoin("categories", "categories.id", "courses.category_id")
    .leftJoin("users", "users.id", "courses.instructor_id")
    .select([
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
      "courses.thumbnail",
      "courses.published",
      "courses.enrollment_count",
      "courses.completion_count",
      "courses.rating_count",
      "courses.rating_sum",
      "courses.created_at",
      "courses.updated_at",
    ])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  for (const [column, direction] of order[query.sort]) rowsQuery = rowsQuery.orderBy(column, direction);
  const [rows, total] = await Promise.all([
    rowsQuery.orderBy("courses.id", "desc").execute(),
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export type CourseListRow = Awaited<ReturnType<typeof listPublishedCourses>>["rows"][number];
