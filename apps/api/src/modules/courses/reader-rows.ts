import type { Kysely } from "kysely";
import { compiledOnce } from "../../db/compiled-once.js";
import { jsonArrayFrom, jsonObjectFrom, parsedJsonArray, parsedJsonObject } from "../../db/json-array-from.js";
import type { Database } from "../../db/types.js";
import type { EnrollmentRow } from "../enrollments/repo.js";
import { fileProgressOf } from "../progress/repo.js";

/**
 * The reader's enrollment and file progress, and whether the course has any session or published
 * required assessment, in one statement (a row without a table, so it comes back when the reader
 * is not enrolled). Most courses have neither, and each of their queries costs several times an
 * indexed lookup even when it finds nothing (a sort, a join), so they run only when the probe
 * found something. Nothing is cached: every value is read at each request.
 */
export const readerRow = compiledOnce((db, userId: string, courseId: string) =>
  db.selectNoFrom((eb) => [
    jsonObjectFrom(db)(
      db
        .selectFrom("enrollments")
        .select([
          "id",
          "user_id",
          "course_id",
          "status",
          "progress",
          "rating",
          "enrolled_at",
          "completed_at",
          "last_accessed_at",
          "last_lesson_id",
        ])
        .where("user_id", "=", userId)
        .where("course_id", "=", courseId),
    ).as("enrollment"),
    jsonArrayFrom(db)(fileProgressOf(db, userId, courseId)).as("file_progress"),
    eb
      .case()
      .when(eb.exists(db.selectFrom("sessions").select("id").where("course_id", "=", courseId)))
      .then(1)
      .else(0)
      .end()
      .as("has_sessions"),
    eb
      .case()
      .when(
        eb.exists(
          db
            .selectFrom("assessments")
            .select("id")
            .where("course_id", "=", courseId)
            .where("published", "=", 1)
            .where("required_for_completion", "=", 1),
        ),
      )
      .then(1)
      .else(0)
      .end()
      .as("has_required_assessments"),
  ]),
);

/** The reader's enrollment (undefined when not enrolled) and progress, and what else the detail must read. */
export async function readerPart(db: Kysely<Database>, userId: string, courseId: string) {
  const [row] = await readerRow(db, userId, courseId);
  if (!row) throw new Error("the course detail's reader query returned no row");
  const enrollment = parsedJsonObject<EnrollmentRow>(row.enrollment) ?? undefined;
  return {
    enrollment,
    progress: enrollment ? parsedJsonArray(row.file_progress) : [],
    hasSessions: Number(row.has_sessions) === 1,
    hasRequiredAssessments: Number(row.has_required_assessments) === 1,
  };
}
