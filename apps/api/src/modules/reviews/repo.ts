import type { ReviewQueueQuery } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

/** The course's review row with its reviewer's name, if it was ever submitted. */
export async function findReview(db: Db, courseId: string) {
  return db
    .selectFrom("course_reviews")
    .leftJoin("users", "users.id", "course_reviews.reviewer_id")
    .selectAll("course_reviews")
    .select("users.name as reviewer_name")
    .where("course_reviews.course_id", "=", courseId)
    .executeTakeFirst();
}
export type ReviewRow = NonNullable<Awaited<ReturnType<typeof findReview>>>;

/** The review status of each course that has one (submitted or sent back), for a page of courses. */
export async function reviewStatusesOf(db: Db, courseIds: string[]): Promise<Map<string, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("course_reviews")
    .select(["course_id", "status"])
    .where("course_id", "in", courseIds)
    .execute();
  return new Map(rows.map((r) => [r.course_id, r.status]));
}

/**
 * Marks the course submitted unless it already is; false when it was (so two racing submissions
 * cannot both succeed). The last decision's comment and reviewer stay on record.
 */
export async function submitReview(db: Db, courseId: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto("course_reviews")
    .values({ course_id: courseId, status: "submitted", submitted_at: now, updated_at: now })
    .onConflict((oc) =>
      oc
        .column("course_id")
        .doUpdateSet({ status: "submitted", submitted_at: now, updated_at: now })
        .where("course_reviews.status", "!=", "submitted"),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Records a send-back on a submitted course; false when the course was not (or no longer) waiting. */
export async function sendBack(
  db: Db,
  courseId: string,
  { comment, reviewerId, now }: { comment: string; reviewerId: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable("course_reviews")
    .set({ status: "changes_requested", comment, reviewer_id: reviewerId, reviewed_at: now, updated_at: now })
    .where("course_id", "=", courseId)
    .where("status", "=", "submitted")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a submitted course's review; false when it was not (or no longer) waiting. */
export async function takeSubmitted(db: Db, courseId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("course_reviews")
    .where("course_id", "=", courseId)
    .where("status", "=", "submitted")
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Publishing ends a review: the course has no review state any more. */
export async function clearReview(db: Db, courseId: string): Promise<void> {
  await db.deleteFrom("course_reviews").where("course_id", "=", courseId).execute();
}

/** Submitted courses, oldest submission first, with category and instructor names (from the status index). */
export async function listSubmitted(db: Db, { page, limit }: ReviewQueueQuery) {
  const submitted = db.selectFrom("course_reviews").where("course_reviews.status", "=", "submitted");
  const [rows, total] = await Promise.all([
    submitted
      .innerJoin("courses", "courses.id", "course_reviews.course_id")
      .leftJoin("categories", "categories.id", "courses.category_id")
      .leftJoin("users", "users.id", "courses.instructor_id")
      .select([
        "courses.id",
        "courses.title",
        "courses.course_code",
        "courses.short_description",
        "courses.instructor_id",
        "courses.updated_at",
        "categories.name as category_name",
        "users.name as instructor_name",
        "course_reviews.submitted_at",
      ])
      .orderBy("course_reviews.submitted_at", "asc")
      .orderBy("course_reviews.course_id", "asc")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    submitted.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
export type QueueRow = Awaited<ReturnType<typeof listSubmitted>>["rows"][number];
