import { MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { forbidden, notFound } from "../../http/errors.js";
import { type Actor, canManageCourse, canReadCourseContent, readsByEnrolling } from "../../policies/index.js";

export const COURSE_NOT_FOUND = MESSAGES.courseNotFound;
export const NOT_ENROLLED = MESSAGES.notEnrolled;
export const NOT_YOUR_COURSE = MESSAGES.notYourCourse;

export async function findCourse(db: Kysely<Database>, courseId: string) {
  return db.selectFrom("courses").selectAll().where("id", "=", courseId).executeTakeFirst();
}

export async function isEnrolled(db: Kysely<Database>, userId: string, courseId: string): Promise<boolean> {
  const row = await db
    .selectFrom("enrollments")
    .select("id")
    .where("user_id", "=", userId)
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The 403 for someone who may not read a course's content: `not enrolled` for learners, Access Denied for staff. */
export const contentDenied = (actor: Actor) =>
  forbidden(readsByEnrolling(actor) ? NOT_ENROLLED : MESSAGES.courseAccessDenied);

/** The course, if the actor may manage it (its instructor or an admin); 404 / 403 otherwise. */
export async function courseToManage(db: Kysely<Database>, actor: Actor, courseId: string) {
  const course = await findCourse(db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (!canManageCourse(actor, course)) throw forbidden(NOT_YOUR_COURSE);
  return course;
}

/** The course, if the actor may read its full content; 403 (`contentDenied`) for anyone else. */
export async function courseToRead(db: Kysely<Database>, actor: Actor, courseId: string) {
  const course = await findCourse(db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  const enrolled = await isEnrolled(db, actor.id, courseId);
  if (!canReadCourseContent(actor, course, enrolled)) throw contentDenied(actor);
  return { course, enrolled };
}
