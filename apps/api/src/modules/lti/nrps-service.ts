import { MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import { memberRoles, splitName } from "./claims.js";

/**
 * Names and Role Provisioning Services 2.0: the course's members (its instructor and its enrolled
 * learners) with their names and e-mail addresses, as the admin granted the tool NRPS.
 */
export async function courseMemberships(db: Kysely<Database>, issuer: string, courseId: string) {
  const course = await db
    .selectFrom("courses")
    .select(["id", "title", "course_code", "instructor_id"])
    .where("id", "=", courseId)
    .executeTakeFirst();
  if (!course) throw notFound(MESSAGES.courseNotFound);
  const learners = await db
    .selectFrom("enrollments")
    .innerJoin("users", "users.id", "enrollments.user_id")
    .select(["users.id", "users.name", "users.email", "users.status"])
    .where("enrollments.course_id", "=", courseId)
    .orderBy("enrollments.enrolled_at")
    .orderBy("users.id")
    .execute();
  const instructor = course.instructor_id
    ? await db
        .selectFrom("users")
        .select(["id", "name", "email", "status"])
        .where("id", "=", course.instructor_id)
        .executeTakeFirst()
    : undefined;
  const member = (u: { id: string; name: string; email: string; status: string }, teaches: boolean) => ({
    status: u.status === "active" ? "Active" : "Inactive",
    user_id: u.id,
    name: u.name,
    ...splitName(u.name),
    email: u.email,
    roles: memberRoles(teaches),
  });
  return {
    id: `${issuer}/api/lti/courses/${courseId}/memberships`,
    context: { id: course.id, label: course.course_code, title: course.title },
    members: [
      ...(instructor ? [member(instructor, true)] : []),
      ...learners.filter((l) => l.id !== instructor?.id).map((l) => member(l, false)),
    ],
  };
}
