import { CREDIT_LIMITS } from "@lms/contract";
import type { Kysely, Selectable } from "kysely";
import type { CreditRequestsTable, Database } from "../../db/types.js";

type Db = Kysely<Database>;
export type CreditRequestRow = Selectable<CreditRequestsTable>;

/** Keeps each statement's `in (...)` list well under both databases' bound-parameter limits. */
const CHUNK = 1000;
export const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The chosen ids that are not enrolled in any course the instructor teaches. */
export async function outsideTaughtCourses(db: Db, instructorId: string, userIds: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom("enrollments as e")
    .innerJoin("courses as c", "c.id", "e.course_id")
    .select("e.user_id")
    .distinct()
    .where("c.instructor_id", "=", instructorId)
    .where("e.user_id", "in", userIds)
    .execute();
  const taught = new Set(rows.map((row) => row.user_id));
  return userIds.filter((id) => !taught.has(id));
}

export async function courseLearnerIds(db: Db, courseId: string): Promise<string[]> {
  const rows = await db.selectFrom("enrollments").select("user_id").where("course_id", "=", courseId).execute();
  return rows.map((row) => row.user_id);
}

/**
 * Adds `amount` to each user's balance in SQL (`credits = credits + amount`), never past the
 * ceiling; answers how many balances grew. Call it in the grant's transaction, which rolls back
 * when fewer grew than were chosen.
 */
export async function addCredits(db: Db, userIds: string[], amount: number): Promise<number> {
  let added = 0;
  for (const ids of chunks(userIds)) {
    const result = await db
      .updateTable("users")
      .set((eb) => ({ credits: eb("credits", "+", amount) }))
      .where("id", "in", ids)
      .where("credits", "<=", CREDIT_LIMITS.balanceMax - amount)
      .executeTakeFirst();
    added += Number(result.numUpdatedRows);
  }
  return added;
}

export const userName = async (db: Db, id: string) =>
  (await db.selectFrom("users").select("name").where("id", "=", id).executeTakeFirst())?.name ?? "";

export const insertRequest = (db: Db, row: CreditRequestRow) => db.insertInto("credit_requests").values(row).execute();

/** Requests with their learner and the course's price, for presenting. */
const withLearner = (db: Db) =>
  db
    .selectFrom("credit_requests as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .innerJoin("courses as c", "c.id", "r.course_id")
    .selectAll("r")
    .select(["u.name as learner_name", "u.email as learner_email", "u.credits as learner_credits", "c.price_credits"]);
export type PresentableRequest = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

export const findRequest = (db: Db, id: string) => withLearner(db).where("r.id", "=", id).executeTakeFirst();

export const openRequestOf = (db: Db, userId: string, courseId: string) =>
  withLearner(db)
    .where("r.user_id", "=", userId)
    .where("r.course_id", "=", courseId)
    .where("r.status", "=", "open")
    .executeTakeFirst();

/** A course's open requests, oldest first (the order they were asked in). */
export const openRequests = (db: Db, courseId: string) =>
  withLearner(db)
    .where("r.course_id", "=", courseId)
    .where("r.status", "=", "open")
    .orderBy("r.created_at", "asc")
    .orderBy("r.id", "asc")
    .execute();

/** Answers an open request; false when it was answered already (by someone quicker). */
export async function closeRequest(
  db: Db,
  id: string,
  answer: { status: "granted" | "dismissed"; amount: number | null; by: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable("credit_requests")
    .set({ status: answer.status, granted_amount: answer.amount, closed_by: answer.by, closed_at: answer.at })
    .where("id", "=", id)
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
