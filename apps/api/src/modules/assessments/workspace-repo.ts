import type { AssessmentListState } from "@lms/contract";
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../../db/types.js";
import { type AssessmentListRow, withCounts } from "./repo.js";

type Db = Kysely<Database> | Transaction<Database>;
type Eb = ExpressionBuilder<Database, "assessments">;

export interface ManagedAssessmentFilters {
  courseId?: string;
  type?: string;
  state?: AssessmentListState;
  search?: string;
}

/** The condition of a state filter at `now` (an ISO instant; stored dates are UTC ISO text, so text order is time order). */
function stateCondition(eb: Eb, state: AssessmentListState, now: string) {
  const published = eb("assessments.published", "=", 1);
  const available = eb.or([eb("assessments.available_from", "is", null), eb("assessments.available_from", "<=", now)]);
  switch (state) {
    case "draft":
      return eb("assessments.published", "=", 0);
    case "published":
      return published;
    case "upcoming":
      return eb.and([published, eb("assessments.available_from", ">", now)]);
    case "open":
      return eb.and([
        published,
        available,
        eb.or([eb("assessments.due_date", "is", null), eb("assessments.due_date", ">", now)]),
      ]);
    case "past_due":
      return eb.and([published, eb("assessments.due_date", "<=", now)]);
    case "needs_grading":
      return eb.exists(
        eb
          .selectFrom("assessment_attempts")
          .select("assessment_attempts.id")
          .whereRef("assessment_attempts.assessment_id", "=", "assessments.id")
          .where("assessment_attempts.state", "=", "submitted"),
      );
  }
}

/**
 * The assessments of the courses someone manages (instructorId null: every course) with their
 * counts, newest first: one page and the total, in two queries whatever the page size.
 */
export async function managedAssessments(
  db: Db,
  instructorId: string | null,
  filters: ManagedAssessmentFilters,
  now: string,
  { page, limit }: { page: number; limit: number },
) {
  const { courseId, type, state, search } = filters;
  const where = (eb: Eb) => {
    const conditions = [];
    if (instructorId) {
      conditions.push(
        eb(
          "assessments.course_id",
          "in",
          eb.selectFrom("courses").select("courses.id").where("courses.instructor_id", "=", instructorId),
        ),
      );
    }
    if (courseId) conditions.push(eb("assessments.course_id", "=", courseId));
    if (type) conditions.push(eb("assessments.type", "=", type));
    if (state) conditions.push(stateCondition(eb, state, now));
    if (search) {
      const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // An explicit ESCAPE: SQLite has no default escape character for LIKE.
      conditions.push(sql<boolean>`lower(assessments.title) like ${pattern} escape '\\'`);
    }
    return eb.and(conditions);
  };
  const [rows, total] = await Promise.all([
    withCounts(db)
      .where(where)
      .orderBy("assessments.created_at", "desc")
      .orderBy("assessments.id", "desc")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom("assessments")
      .where(where)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AssessmentListRow[], total: Number(total.count) };
}
