import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { ensureCourseRow } from "./stored-rows.js";

type Db = Kysely<Database>;

/**
 * Marks the course's shared part (migration 064) as being computed by this request, before what it
 * is built from is read: a write afterwards clears the token, so `storeSharedPart` keeps nothing
 * (on PostgreSQL a write in progress holds the row, so this waits for it). Creates the course's
 * row first if absent.
 */
export async function claimSharedPart(db: Db, courseId: string): Promise<string | undefined> {
  await ensureCourseRow(db, courseId);
  const token = randomBytes(12).toString("hex");
  const claimed = await db
    .updateTable("gradebook_courses")
    .set({ shared_token: token })
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n ? token : undefined;
}

/** Stores the shared part computed under `token`, unless a write cleared it meanwhile. */
export async function storeSharedPart(
  db: Db,
  courseId: string,
  token: string,
  part: { assessments: string; packages: string },
): Promise<void> {
  await db
    .updateTable("gradebook_courses")
    .set({ assessments_json: part.assessments, packages_json: part.packages, shared_token: null })
    .where("course_id", "=", courseId)
    .where("shared_token", "=", token)
    .execute();
}
