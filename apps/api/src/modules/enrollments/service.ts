import { MESSAGES, type StudentListQuery } from "@lms/contract";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../db/errors.js";
import { nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { AppError, badRequest, conflict, fieldError, forbidden, notFound } from "../../http/errors.js";
import {
  type Actor,
  canEnrollSelf,
  canManageCourse,
  canManageEnrollments,
  canSeeCourse,
} from "../../policies/index.js";
import { logManagement } from "../activities/management.js";
import { logActivities, logActivity } from "../activities/repo.js";
import { findCourse } from "../courses/access.js";
import { findCoursesWithNames } from "../courses/repo.js";
import { countInRollups } from "../platform/rollups.js";
import { courseStandings, deleteUserCourseProgress } from "../progress/repo.js";
import * as repo from "./repo.js";

export type EnrollmentService = ReturnType<typeof createEnrollmentService>;

export function createEnrollmentService({ db }: { db: Kysely<Database> }) {
  async function courseForAdmin(actor: Actor, courseId: string) {
    if (!canManageEnrollments(actor)) throw forbidden(MESSAGES.forbidden);
    const course = await findCourse(db, courseId);
    if (!course) throw notFound(MESSAGES.courseNotFound);
    return course;
  }

  return {
    /**
     * A learner enrolls in a published course: free, or paid from their credits. Credits, the
     * enrollment, the course counter and the activity entry change together or not at all.
     */
    async selfEnroll(actor: Actor, courseId: string) {
      const course = await findCourse(db, courseId);
      if (!course || !canSeeCourse(actor, course)) throw notFound(MESSAGES.courseNotFound);
      if (!canEnrollSelf(actor, course)) {
        throw forbidden(canManageCourse(actor, course) ? MESSAGES.managersCannotEnroll : MESSAGES.courseNotOpen);
      }
      const now = nowIso();
      const enrollment = repo.newEnrollment(actor.id, courseId, now);
      try {
        const credits = await db.transaction().execute(async (trx) => {
          if (await repo.findEnrollment(trx, actor.id, courseId)) throw conflict(MESSAGES.alreadyEnrolled);
          if (course.price_credits > 0 && !(await repo.spendCredits(trx, actor.id, course.price_credits))) {
            throw badRequest(MESSAGES.insufficientCredits, [fieldError("credits", MESSAGES.insufficientCredits)]);
          }
          await countInRollups(trx, "credits_spent", [{ at: now, amount: course.price_credits }]);
          await repo.insertEnrollments(trx, [enrollment]);
          await repo.adjustCourseCounters(trx, courseId, { enrollments: 1 });
          await logActivity(trx, {
            userId: actor.id,
            type: "course_enrollment",
            title: `Enrolled in ${course.title}`,
            description: course.price_credits > 0 ? `Paid ${course.price_credits} credits` : "Free enrollment",
            courseId,
            metadata: { priceCredits: course.price_credits },
          });
          if (course.price_credits > 0) {
            await logActivity(trx, {
              userId: actor.id,
              type: "payment_made",
              title: `Paid ${course.price_credits} credits`,
              description: `Enrollment in ${course.title}`,
              courseId,
              metadata: { credits: course.price_credits, for: "course_enrollment" },
            });
          }
          return repo.userCredits(trx, actor.id);
        });
        return { enrollment, credits };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.alreadyEnrolled);
        throw error;
      }
    },

    async listStudents(actor: Actor, courseId: string, query: StudentListQuery) {
      await courseForAdmin(actor, courseId);
      return repo.listStudents(db, courseId, query);
    },

    /** Users an admin can still add to the course. */
    async listCandidates(actor: Actor, courseId: string, query: StudentListQuery) {
      await courseForAdmin(actor, courseId);
      return repo.listCandidates(db, courseId, query);
    },

    /** Admins add many users at once; those already enrolled are left as they are. */
    async addStudents(actor: Actor, courseId: string, userIds: string[]) {
      const course = await courseForAdmin(actor, courseId);
      const ids = [...new Set(userIds)];
      const users = await repo.findUsers(db, ids);
      const missing = ids.filter((id) => !users.some((u) => u.id === id));
      if (missing.length > 0) {
        const errors = missing.map((id) => ({ path: "userIds", msg: `${MESSAGES.userNotFound}: ${id}` }));
        throw new AppError(404, MESSAGES.userNotFound, errors);
      }
      try {
        return await db.transaction().execute(async (trx) => {
          const already = await repo.enrolledAmong(trx, courseId, ids);
          const now = nowIso();
          const added = users.filter((u) => !already.has(u.id));
          await repo.insertEnrollments(
            trx,
            added.map((u) => repo.newEnrollment(u.id, courseId, now)),
          );
          await repo.adjustCourseCounters(trx, courseId, { enrollments: added.length });
          await logActivities(
            trx,
            added.map((u) => ({
              userId: u.id,
              type: "course_enrollment" as const,
              title: `Enrolled in ${course.title}`,
              description: "Added by an administrator",
              courseId,
              metadata: { addedBy: actor.id },
            })),
          );
          if (added.length > 0) {
            await logManagement(trx, actor, {
              action: "course_users_add",
              title: `Added ${added.length} user(s) to ${course.title}`,
              courseId,
              details: { userIds: added.map((u) => u.id) },
            });
          }
          return { added: added.length, alreadyEnrolled: already.size };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.alreadyEnrolled);
        throw error;
      }
    },

    /** Removes a learner with their progress, and takes them out of the course's counters. */
    async removeStudent(actor: Actor, courseId: string, userId: string) {
      const course = await courseForAdmin(actor, courseId);
      const enrollment = await repo.findEnrollment(db, userId, courseId);
      if (!enrollment) throw notFound(MESSAGES.notEnrolledStudent);
      await db.transaction().execute(async (trx) => {
        await deleteUserCourseProgress(trx, userId, courseId);
        await repo.deleteEnrollment(trx, enrollment.id);
        await repo.adjustCourseCounters(trx, courseId, {
          enrollments: -1,
          completions: enrollment.status === "completed" ? -1 : 0,
          ratings: enrollment.rating === null ? 0 : -1,
          ratingSum: -(enrollment.rating ?? 0),
        });
        await logActivity(trx, {
          userId: actor.id,
          type: "admin_action",
          title: `Removed a student from ${course.title}`,
          description: "Unenrolled from the course",
          courseId,
          metadata: { action: "course_unenrollment", studentId: userId },
        });
      });
    },

    /** An enrolled learner rates the course 1-5; a second rating replaces the first. */
    async rate(actor: Actor, courseId: string, rating: number) {
      const course = await findCourse(db, courseId);
      if (!course) throw notFound(MESSAGES.courseNotFound);
      await db.transaction().execute(async (trx) => {
        const enrollment = await repo.findEnrollment(trx, actor.id, courseId);
        if (!enrollment) throw forbidden(MESSAGES.notEnrolled);
        await repo.updateEnrollment(trx, enrollment.id, { rating });
        await repo.adjustCourseCounters(trx, courseId, {
          ratings: enrollment.rating === null ? 1 : 0,
          ratingSum: rating - (enrollment.rating ?? 0),
        });
      });
      const updated = await findCourse(db, courseId);
      return updated ?? course;
    },

    /** The user's courses with their progress, most recently used first: five queries for a page. */
    async enrolledCourses(actor: Actor, page: { page: number; limit: number }) {
      const { rows, total } = await repo.listUserEnrollments(db, actor.id, page);
      const ids = rows.map((r) => r.course_id);
      const [courses, { counts, nextLessonIds: nextLessons }] = await Promise.all([
        findCoursesWithNames(db, ids),
        courseStandings(db, actor.id, ids),
      ]);
      const byId = new Map(courses.map((c) => [c.id, c]));
      const items = rows.flatMap((enrollment) => {
        const course = byId.get(enrollment.course_id);
        const courseCounts = counts.get(enrollment.course_id);
        const nextLessonId = nextLessons.get(enrollment.course_id) ?? null;
        return course && courseCounts ? [{ course, enrollment, counts: courseCounts, nextLessonId }] : [];
      });
      return { items, total };
    },
  };
}
