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
 * The learners of a course in the requested order. Name, e-mail, progress, last activity and
 * enrollment date are columns (the course's index orders a page); the grade is the stored grade row
 * (migration 028); missing work is aggregated over the whole course first, so that order costs more.
 */
export function studentRows(db: Db, courseId: string, filter: StudentFilter, now: string) {
  const { sort, order } = filter;
  const base = filtered(db, courseId, filter.search)
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
    ]);
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
        .leftJoin(derived(missingWork(courseId, null, now)).as("m"), "m.user_id", "e.user_id")
        .orderBy(sql`coalesce(m.missing, 0) ${sql.raw(order)}`)
        .orderBy("e.id", order);
  }
}
export type StudentRow = Awaited<ReturnType<ReturnType<typeof studentRows>["execute"]>>[number];

/** Without a search the course's enrollment index alone counts them (every enrollment has its user). */
export async function countStudents(db: Db, courseId: string, search: string | undefined): Promise<number> {
  const matching = search
    ? filtered(db, courseId, search)
    : db.selectFrom("enrollments as e").where("e.course_id", "=", courseId);
  const row = await matching.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
