import type { GradebookPackageColumn } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

/**
 * The course's scored lesson contents, in the order of the course: its published lessons' SCORM
 * packages and the line items of their LTI links (issue 25). A column's `_id` is the package's or the
 * line item's id.
 */
export async function packageColumns(db: Kysely<Database>, courseId: string): Promise<GradebookPackageColumn[]> {
  const [packages, lineItems] = await Promise.all([
    db
      .selectFrom("scorm_packages as p")
      .innerJoin("lessons as l", "l.id", "p.lesson_id")
      .innerJoin("modules as m", "m.id", "l.module_id")
      .select([
        "p.id",
        "p.lesson_id",
        "l.title",
        "m.sort_order as module_order",
        "m.id as module_id",
        "l.sort_order as lesson_order",
      ])
      .where("p.course_id", "=", courseId)
      .where("l.is_published", "=", 1)
      .execute(),
    db
      .selectFrom("lti_line_items as i")
      .innerJoin("lti_links as k", "k.id", "i.link_id")
      .innerJoin("lessons as l", "l.id", "k.lesson_id")
      .innerJoin("modules as m", "m.id", "l.module_id")
      .select([
        "i.id",
        "k.lesson_id",
        "i.label as title",
        "m.sort_order as module_order",
        "m.id as module_id",
        "l.sort_order as lesson_order",
      ])
      .where("i.course_id", "=", courseId)
      .where("l.is_published", "=", 1)
      .execute(),
  ]);
  const compare = (a: (typeof packages)[number], b: (typeof packages)[number]) =>
    a.module_order - b.module_order ||
    a.module_id.localeCompare(b.module_id) ||
    a.lesson_order - b.lesson_order ||
    a.lesson_id.localeCompare(b.lesson_id) ||
    a.id.localeCompare(b.id);
  const columns = [
    ...packages.map((row) => ({ ...row, kind: "scorm" as const })),
    ...lineItems.map((row) => ({ ...row, kind: "lti" as const })),
  ];
  return columns.sort(compare).map((r) => ({ _id: r.id, lessonId: r.lesson_id, title: r.title, kind: r.kind }));
}

const percent = (fraction: number) => Math.round(fraction * 1000) / 10;

/** Each learner's score in percent (one decimal) on each column, in the order of `packages`. */
export async function packageScores(
  db: Kysely<Database>,
  packages: readonly GradebookPackageColumn[],
  userIds: readonly string[],
): Promise<Map<string, (number | null)[]>> {
  const scores = new Map(userIds.map((id) => [id, packages.map((): number | null => null)]));
  if (packages.length === 0 || userIds.length === 0) return scores;
  const ids = packages.map((p) => p._id);
  const [scorm, lti] = await Promise.all([
    db
      .selectFrom("scorm_attempts")
      .select(["package_id as column_id", "user_id", "score_scaled as fraction"])
      .where("package_id", "in", ids)
      .where("user_id", "in", userIds)
      .where("score_scaled", "is not", null)
      .execute(),
    db
      .selectFrom("lti_scores as s")
      .innerJoin("lti_line_items as i", "i.id", "s.line_item_id")
      .select([
        "s.line_item_id as column_id",
        "s.user_id",
        "s.score_given",
        "s.score_maximum",
        "i.score_maximum as item_maximum",
      ])
      .where("s.line_item_id", "in", ids)
      .where("s.user_id", "in", userIds)
      .where("s.score_given", "is not", null)
      .execute(),
  ]);
  const column = new Map(packages.map((p, i) => [p._id, i]));
  const put = (userId: string, columnId: string, value: number) => {
    const own = scores.get(userId);
    const at = column.get(columnId);
    if (own && at !== undefined) own[at] = value;
  };
  for (const row of scorm) put(row.user_id, row.column_id, percent(Number(row.fraction)));
  for (const row of lti) {
    const maximum = Number(row.score_maximum ?? row.item_maximum);
    if (maximum > 0) put(row.user_id, row.column_id, percent(Number(row.score_given) / maximum));
  }
  return scores;
}
