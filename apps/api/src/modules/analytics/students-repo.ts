import type { StudentSort } from "@lms/contract";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { containsText } from "../../db/text-search.js";
import type { Database } from "../../db/types.js";
import { missingWork } from "./scores-repo.js";

type Db = Kysely<Database>;

export interface StudentFilter {
  search?: string;
  sort: StudentSort;
  order: "asc" | "desc";
}

/** A raw query as a table to join (in parentheses, keeping its row type). */
const derived = <Row>(query: RawBuilder<Row>) => sql<Row>`(${query})`;

function filtered(db: Db, courseId: string, search: string | undefined) {
  let query = db
    .selectFrom("enrollments as e")
    .innerJoin("users as u", "u.id", "e.user_id")
    .where("e.course_id", "=", courseId);
  if (search) query = query.where(containsText(["u.name", "u.email"], search));
  return query;
}

/**
 * The enrollment ids of a course's learners in the requested order. Progress, last activity and
 * enrollment date are enrollment columns (the course's index orders a page); name and e-mail come
 * from users and the grade from the stored grade rows (migration 028), so those orders sort every
 * learner of the course, and missing work is aggregated over the whole course first. Only ids are
 * sorted: the page's other columns are read afterwards for its rows alone (`studentPage`).
 */
function studentOrder(db: Db, courseId: string, filter: StudentFilter, now: string) {
  const { sort, order } = filter;
  const base = filtered(db, courseId, filter.search).select("e.id");
  const nulls = order === "asc" ? "first" : "last";
  switch (sort) {
    case "name":
    case "email":
      return base.orderBy(`u.${sort}`, order).orderBy("e.id", order);
    case "progress":
      return base.orderBy("e.progress", order).orderBy("e.id", order);
    case "enrolledAt":
      return base.orderBy("e.enrolled_at", order).orderBy("e.id", order);
    case "lastActivity":
      return base.orderBy(sql`e.last_accessed_at ${sql.raw(`${order} nulls ${nulls}`)}`).orderBy("e.id", order);
    case "grade":
      return base
        .leftJoin("learner_grades as g", (join) =>
          join.onRef("g.course_id", "=", "e.course_id").onRef("g.user_id", "=", "e.user_id"),
        )
        .orderBy(sql`g.grade ${sql.raw(`${order} nulls ${nulls}`)}`)
        .orderBy("e.id", order);
    case "missing":
      return base
        .leftJoin(derived(missingWork(courseId, now)).as("m"), "m.user_id", "e.user_id")
        .orderBy(sql`coalesce(m.missing, 0) ${sql.raw(order)}`)
        .orderBy("e.id", order);
  }
}

const studentsById = (db: Db, enrollmentIds: string[]) =>
  db
    .selectFrom("enrollments as e")
    .innerJoin("users as u", "u.id", "e.user_id")
    .leftJoin("lessons as l", "l.id", "e.last_lesson_id")
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
    ])
    .where("e.id", "in", enrollmentIds)
    .execute();
export type StudentRow = Awaited<ReturnType<typeof studentsById>>[number];

/** `limit` learners from `offset` in the requested order, with what the list shows of each. */
export async function studentPage(
  db: Db,
  courseId: string,
  filter: StudentFilter,
  now: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<StudentRow[]> {
  const ids = (await studentOrder(db, courseId, filter, now).limit(limit).offset(offset).execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  const byId = new Map((await studentsById(db, ids)).map((row) => [row.enrollment_id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Without a search the course's enrollment index alone counts them (every enrollment has its user). */
export async function countStudents(db: Db, courseId: string, search: string | undefined): Promise<number> {
  const matching = search
    ? filtered(db, courseId, search)
    : db.selectFrom("enrollments as e").where("e.course_id", "=", courseId);
  const row = await matching.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
