import { ASSESSMENT_MESSAGES as M } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { forbidden, notFound } from "../../http/errors.js";
import { type Actor, canManageAssessments } from "../../policies/index.js";
import { COURSE_NOT_FOUND, findCourse, NOT_YOUR_COURSE } from "../courses/access.js";
import * as repo from "./repo.js";

/** A course whose assessments the actor manages; 404 / 403 otherwise. */
export async function courseToManage(db: Kysely<Database>, actor: Actor, courseId: string) {
  const course = await findCourse(db, courseId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (!canManageAssessments(actor, course)) throw forbidden(NOT_YOUR_COURSE);
  return course;
}

/** An assessment of a course the actor manages; another course's assessment is 404. */
export async function assessmentToManage(db: Kysely<Database>, actor: Actor, courseId: string, assessmentId: string) {
  await courseToManage(db, actor, courseId);
  const assessment = await repo.findAssessment(db, assessmentId);
  if (!assessment || assessment.course_id !== courseId) throw notFound(M.notFound);
  return assessment;
}
