import { type Kysely, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import { containsPattern } from "../../db/text-search.js";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/**
 * The course with what a gradebook page needs before its rows: who may read it, and its row of
 * migrations 060/064 (null columns if it has none yet): the version stored rows must have, the
 * learners' count and the shared part as JSON text.
 */
const headQuery = compiledOnce((db, courseId: string) =>
  db
    .selectFrom("courses as c")
    .leftJoin("gradebook_courses as g", "g.course_id", "c.id")
    .select(["c.instructor_id", "c.published", "g.version", "g.learners", "g.assessments_json", "g.packages_json"])
    .where("c.id", "=", courseId),
);

export const gradebookHead = async (db: Db, courseId: string) => (await headQuery(db, courseId))[0];
export type GradebookHead = NonNullable<Awaited<ReturnType<typeof gradebookHead>>>;

/**
 * The row of `user_id` stored at `version` that still holds at `now` (or is being computed: its
 * token names no text yet), joined to a page's learners `e`: read from an index, not the row's text.
 */
const validStoredRow = (version: number, now: string) =>
  sql<boolean>`r.course_id = e.course_id and r.user_id = e.user_id and r.version = ${version}
    and r.token is not null and (r.stale_at is null or r.stale_at > ${now})`;

/** A page of the course's learners in enrollment order, each with their stored row's token if it holds. */
const pageQuery = compiledOnce((db, courseId: string, version: number, now: string, limit: number, offset: number) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom("enrollments")
        .select(["id", "course_id", "user_id", "enrolled_at"])
        .where("course_id", "=", courseId)
        .orderBy("enrolled_at")
        .orderBy("id")
        .limit(limit)
        .offset(offset)
        .as("e"),
    )
    .leftJoin("gradebook_rows as r", (join) => join.on(validStoredRow(version, now)))
    .select(["e.user_id", "r.token"])
    .orderBy("e.enrolled_at")
    .orderBy("e.id"),
);

/**
 * A page of the learners whose stored search text (migration 061: lower-cased name, a line feed,
 * e-mail) contains the pattern, in enrollment order, with the number of all matches: one scan of
 * the course's search texts yields both.
 */
const searchQuery = compiledOnce(
  (db, courseId: string, pattern: string, version: number, now: string, limit: number, offset: number) =>
    db
      .selectFrom("student_sort_keys as k")
      .innerJoin("enrollments as e", "e.id", "k.enrollment_id")
      .leftJoin("gradebook_rows as r", (join) => join.on(validStoredRow(version, now)))
      .select(["e.user_id", "r.token", sql<number>`count(*) over ()`.as("total")])
      .where("k.course_id", "=", courseId)
      .where(sql<boolean>`k.search_text like ${pattern} escape '\\'`)
      .orderBy("e.enrolled_at")
      .orderBy("e.id")
      .limit(limit)
      .offset(offset),
);

const searchCount = compiledOnce((db, courseId: string, pattern: string) =>
  db
    .selectFrom("student_sort_keys as k")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("k.course_id", "=", courseId)
    .where(sql<boolean>`k.search_text like ${pattern} escape '\\'`),
);

export interface StoredPage {
  rows: { user_id: string; token: string | null }[];
  /** Undefined when the course's row (which counts its learners) is not there yet. */
  total: number | undefined;
}

/**
 * The page's learners in enrollment order with their stored rows' tokens (null where none holds) and the
 * total, or undefined when the stored search text cannot answer the search (one holding a line feed
 * tests name and e-mail apart).
 */
export async function storedPage(
  db: Db,
  courseId: string,
  head: GradebookHead,
  query: { page: number; limit: number; search?: string },
  now: string,
): Promise<StoredPage | undefined> {
  const offset = (query.page - 1) * query.limit;
  // A course without its row has no stored rows: no version matches.
  const version = head.version ?? -1;
  if (!query.search) {
    const rows = await pageQuery(db, courseId, version, now, query.limit, offset);
    return { rows, total: head.learners === null ? undefined : Number(head.learners) };
  }
  if (query.search.includes("\n")) return undefined;
  const pattern = containsPattern(query.search);
  const rows = await searchQuery(db, courseId, pattern, version, now, query.limit, offset);
  if (rows.length > 0) return { rows, total: Number(rows[0].total) };
  const total = offset === 0 ? 0 : Number((await searchCount(db, courseId, pattern))[0].count);
  return { rows, total };
}

/** These learners' stored rows: their texts (null while being computed) and the tokens that name them. */
export const storedTexts = (db: Db, courseId: string, userIds: readonly string[]) =>
  db
    .selectFrom("gradebook_rows")
    .select(["user_id", "token", "row_json"])
    .where("course_id", "=", courseId)
    .where("user_id", "in", userIds)
    .execute();
