import type { StudentSort } from "@lms/contract";
import type { CompiledQuery, Kysely, RawBuilder } from "kysely";
import { sql } from "kysely";
import { compiledOnce, compiledPerLength, keyedCompiledOnce } from "../../db/compiled-once.js";
import { containsPattern, containsText } from "../../db/text-search.js";
import type { Database } from "../../db/types.js";
import { missingWork } from "./scores-repo.js";
import { storedMissing } from "./stored-missing.js";

type Db = Kysely<Database>;

export interface StudentFilter {
  search?: string;
  sort: StudentSort;
  order: "asc" | "desc";
}

/** A raw query as a table to join (in parentheses, keeping its row type). */
const derived = <Row>(query: RawBuilder<Row>) => sql<Row>`(${query})`;

/** The stored sort keys (migration 061) of a course's learners, those matching the search alone. */
function sortKeys(db: Db, courseId: string, search: string | undefined) {
  const query = db.selectFrom("student_sort_keys as k").where("k.course_id", "=", courseId);
  if (!search) return query;
  // One stored column holds both, a line feed between them: a search holding one tests each apart.
  if (search.includes("\n")) return query.where(containsText(["k.name", "k.email"], search));
  return query.where(sql<boolean>`k.search_text like ${containsPattern(search)} escape '\\'`);
}

/** A course's enrollments, those whose learner matches the search alone. */
function filtered(db: Db, courseId: string, search: string | undefined) {
  const query = db.selectFrom("enrollments as e").where("e.course_id", "=", courseId);
  if (!search) return query;
  return query.where((eb) => eb("e.id", "in", sortKeys(db, courseId, search).select("k.enrollment_id")));
}

/** An ordered query of enrollment ids, whichever table it reads. */
interface OrderedIds {
  limit(limit: number): {
    offset(offset: number): { execute(): Promise<{ id: string }[]>; compile(): CompiledQuery<{ id: string }> };
  };
  execute(): Promise<{ id: string }[]>;
}

/**
 * The enrollment ids of a course's learners in the requested order, each but missing work read in
 * order from a course-scoped index: progress, last activity and enrollment date from the
 * enrollments', name, e-mail and grade from the stored sort keys' (migration 061). Missing work
 * depends on the clock, so it is aggregated over the whole course first. Only ids are sorted: the
 * page's other columns are read afterwards for its rows alone (`studentPage`).
 */
function studentOrder(db: Db, courseId: string, filter: StudentFilter, now: string): OrderedIds {
  const { sort, order } = filter;
  const nulls = order === "asc" ? "first" : "last";
  const base = filtered(db, courseId, filter.search).select("e.id");
  switch (sort) {
    case "name":
    case "email":
      return sortKeys(db, courseId, filter.search)
        .select("k.enrollment_id as id")
        .orderBy(`k.${sort}`, order)
        .orderBy("k.enrollment_id", order);
    case "grade":
      return sortKeys(db, courseId, filter.search)
        .select("k.enrollment_id as id")
        .orderBy(sql`k.grade ${sql.raw(`${order} nulls ${nulls}`)}`)
        .orderBy("k.enrollment_id", order);
    case "progress":
      return base.orderBy("e.progress", order).orderBy("e.id", order);
    case "enrolledAt":
      return base.orderBy("e.enrolled_at", order).orderBy("e.id", order);
    case "lastActivity":
      return base.orderBy(sql`e.last_accessed_at ${sql.raw(`${order} nulls ${nulls}`)}`).orderBy("e.id", order);
    case "missing":
      return base
        .leftJoin(derived(missingWork(courseId, now)).as("m"), "m.user_id", "e.user_id")
        .orderBy(sql`coalesce(m.missing, 0) ${sql.raw(order)}`)
        .orderBy("e.id", order);
  }
}

/**
 * The enrollments with what the list shows of each: their learner, last lesson, stored grade and
 * stored missing-work count if it still holds at `now`.
 */
const studentRows = (db: Db, now: string) =>
  db
    .selectFrom("enrollments as e")
    .innerJoin("users as u", "u.id", "e.user_id")
    .leftJoin("lessons as l", "l.id", "e.last_lesson_id")
    .leftJoin("learner_grades as g", (join) =>
      join.onRef("g.course_id", "=", "e.course_id").onRef("g.user_id", "=", "e.user_id"),
    )
    .leftJoin("learner_missing_work as m", (join) =>
      join.onRef("m.course_id", "=", "e.course_id").onRef("m.user_id", "=", "e.user_id"),
    )
    .select([
      "u.id",
      "u.name",
      "u.email",
      "e.id as enrollment_id",
      "e.status",
      "e.progress",
      "e.enrolled_at",
      "e.last_accessed_at",
      "e.last_lesson_id",
      "l.title as last_lesson_title",
      "g.earned",
      "g.possible",
      storedMissing(now).as("stored_missing"),
    ]);

/** The rows of a number of enrollments, compiled once per number. */
const studentsByIdQuery = compiledPerLength((db, [now]: [string], ids) =>
  studentRows(db, now).where("e.id", "in", ids),
);

const studentsById = (db: Db, now: string, enrollmentIds: string[]) => studentsByIdQuery(db, [now], enrollmentIds);
export type StudentRow = Awaited<ReturnType<typeof studentsById>>[number];

/** The rows of these enrollments, in this order. */
async function rowsInOrder(db: Db, now: string, ids: string[]): Promise<StudentRow[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await studentsById(db, now, ids)).map((row) => [row.enrollment_id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The ids of a page in an order read from an index (all but missing work, which depends on the
 * clock), compiled once per order.
 */
const storedOrderQuery = keyedCompiledOnce((sort: Exclude<StudentSort, "missing">, order: "asc" | "desc") =>
  compiledOnce((db, courseId: string, limit: number, offset: number) =>
    studentOrder(db, courseId, { sort, order }, "").limit(limit).offset(offset),
  ),
);

/** `limit` learners from `offset` in the requested order, with what the list shows of each (their stored grade included). */
export async function studentPage(
  db: Db,
  courseId: string,
  filter: StudentFilter,
  now: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<StudentRow[]> {
  const ids =
    !filter.search && filter.sort !== "missing"
      ? await storedOrderQuery(filter.sort, filter.order)(db, courseId, limit, offset)
      : await studentOrder(db, courseId, filter, now).limit(limit).offset(offset).execute();
  return rowsInOrder(
    db,
    now,
    ids.map((r) => r.id),
  );
}

/**
 * A page and the total of a search: the course's learners are scanned once (a search tests every
 * one of them), the matches kept in order, and the page cut from them.
 */
export async function searchedPage(
  db: Db,
  courseId: string,
  filter: StudentFilter,
  now: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: StudentRow[]; total: number }> {
  const ids = (await studentOrder(db, courseId, filter, now).execute()).map((r) => r.id);
  return { rows: await rowsInOrder(db, now, ids.slice(offset, offset + limit)), total: ids.length };
}

const storedLearners = compiledOnce((db, courseId: string) =>
  db.selectFrom("course_enrollment_figures").select("learners").where("course_id", "=", courseId),
);

/** The course's learners, as its stored figures count them (migration 061). */
export async function countStudents(db: Db, courseId: string): Promise<number> {
  const [stored] = await storedLearners(db, courseId);
  return Number(stored?.learners ?? 0);
}
