import type { GradebookPackageColumn } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

/** The course's published lessons' SCORM packages, in the order of the course. */
export async function packageColumns(db: Kysely<Database>, courseId: string): Promise<GradebookPackageColumn[]> {
  const rows = await db
    .selectFrom("scorm_packages as p")
    .innerJoin("lessons as l", "l.id", "p.lesson_id")
    .innerJoin("modules as m", "m.id", "l.module_id")
    .select(["p.id", "p.lesson_id", "l.title"])
    .where("p.course_id", "=", courseId)
    .where("l.is_published", "=", 1)
    .orderBy("m.sort_order")
    .orderBy("m.id")
    .orderBy("l.sort_order")
    .orderBy("l.id")
    .execute();
  return rows.map((r) => ({ _id: r.id, lessonId: r.lesson_id, title: r.title }));
}

/** Each learner's score in percent (one decimal) on each package, in the order of `packages`. */
export async function packageScores(
  db: Kysely<Database>,
  packages: readonly GradebookPackageColumn[],
  userIds: readonly string[],
): Promise<Map<string, (number | null)[]>> {
  const scores = new Map(userIds.map((id) => [id, packages.map((): number | null => null)]));
  if (packages.length === 0 || userIds.length === 0) return scores;
  const rows = await db
    .selectFrom("scorm_attempts")
    .select(["package_id", "user_id", "score_scaled"])
    .where(
      "package_id",
      "in",
      packages.map((p) => p._id),
    )
    .where("user_id", "in", userIds)
    .where("score_scaled", "is not", null)
    .execute();
  const column = new Map(packages.map((p, i) => [p._id, i]));
  for (const row of rows) {
    const own = scores.get(row.user_id);
    const at = column.get(row.package_id);
    if (own && at !== undefined) own[at] = Math.round(Number(row.score_scaled) * 1000) / 10;
  }
  return scores;
}
