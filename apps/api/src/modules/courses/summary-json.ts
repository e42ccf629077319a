import { type Kysely, PostgresAdapter, type RawBuilder, sql } from "kysely";
import type { Database } from "../../db/types.js";

/**
 * A course summary (the contract's `courseSummarySchema`, as `presentCourseSummary` makes it) built
 * by the database as JSON text, over `courses` joined to `categories` and `users`. The catalogue's
 * pages are its hottest uncached read: making twelve 24-column row objects, then the summaries, then
 * checking and serialising them cost more than the query. `summary-json.test.ts` holds the two equal.
 */
export function courseSummaryJson(db: Kysely<Database>): RawBuilder<string> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const object = postgres ? sql.raw("json_build_object") : sql.raw("json_object");
  const ref = (id: string, name: string) =>
    sql`case when ${sql.ref(id)} is not null and ${sql.ref(name)} is not null then ${object}('_id', ${sql.ref(id)}, 'name', ${sql.ref(name)}) end`;
  // Math.round(sum / count * 10) / 10 of presentCourseStats, in the same floating-point steps.
  const averageRating = postgres
    ? sql`floor((courses.rating_sum::float8 / courses.rating_count) * 10 + 0.5) / 10`
    : sql`floor((courses.rating_sum * 1.0 / courses.rating_count) * 10 + 0.5) / 10`;
  const json = sql`${object}(
    '_id', courses.id, 'title', courses.title, 'courseCode', courses.course_code,
    'shortDescription', courses.short_description, 'description', courses.description,
    'categoryId', ${ref("courses.category_id", "categories.name")}, 'category', categories.name,
    'instructorId', ${ref("courses.instructor_id", "users.name")}, 'instructor', users.name,
    'priceCredits', courses.price_credits, 'difficulty', courses.difficulty, 'duration', courses.duration,
    'language', courses.language, 'tags', ${postgres ? sql`courses.tags::json` : sql`json(courses.tags)`},
    'thumbnail', courses.thumbnail,
    'published', ${postgres ? sql`courses.published <> 0` : sql`json(case when courses.published then 'true' else 'false' end)`},
    'stats', ${object}('enrollments', courses.enrollment_count, 'completions', courses.completion_count,
      'averageRating', case when courses.rating_count = 0 then 0 else ${averageRating} end,
      'totalRatings', courses.rating_count),
    'createdAt', courses.created_at, 'updatedAt', courses.updated_at)`;
  // The PostgreSQL driver would parse json into objects; text is what the answer is made of.
  return postgres ? sql<string>`(${json})::text` : sql<string>`${json}`;
}
