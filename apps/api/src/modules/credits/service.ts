import { CREDIT_MESSAGES as C, type CreditRecipients, type creditGrantSchema, MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { isUniqueViolation } from "../../db/errors.js";
import { newId } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { badRequest, conflict, fieldError, forbidden, notFound } from "../../http/errors.js";
import type { Outbox } from "../../outbox/outbox.js";
import { type Actor, canGrantToCourse, canRequestCredits, canSeeCourse, grantsToAnyone } from "../../policies/index.js";
import { logActivities, logActivity } from "../activities/repo.js";
import { findCourse, isEnrolled } from "../courses/access.js";
import { notifyUsers, notifyUserWithEmail } from "../notifications/events.js";
import { unknownUserIds } from "../notifications/repo.js";
import { presentCreditRequest } from "./present.js";
import * as repo from "./repo.js";

type Db = Kysely<Database>;
interface Grant {
  userIds: string[];
  amount: number;
  reason?: string;
  /** The course the grant is for (a whole course's learners, or a request to it). */
  course?: { id: string; title: string };
}

/**
 * Credits staff give learners, and learners' requests for them (issue 21). A grant raises every
 * chosen balance in SQL and logs and notifies in the same transaction: all of it, or nothing.
 */
export function createCreditService(deps: { db: Db; outbox: Outbox; now: () => Date }) {
  const { db, outbox, now } = deps;

  async function applyGrant(trx: Db, actor: Actor, grant: Grant): Promise<void> {
    const { userIds, amount, reason, course } = grant;
    if ((await repo.addCredits(trx, userIds, amount)) !== userIds.length) throw conflict(C.balanceTooHigh);
    const granter = await repo.userName(trx, actor.id);
    const because = reason ? ` (${reason})` : "";
    for (const ids of repo.chunks(userIds)) {
      await logActivities(
        trx,
        ids.map((userId) => ({
          userId,
          type: "credits_received" as const,
          title: `Received ${amount} credits`,
          description: `From ${granter}${because}`,
          courseId: course?.id,
          metadata: { amount, grantedBy: actor.id, reason: reason ?? null },
        })),
      );
    }
    await logActivity(trx, {
      userId: actor.id,
      type: "credits_granted",
      title: `Granted ${amount} credits to ${userIds.length} learner(s)`,
      description: course ? `For ${course.title}${because}` : reason,
      courseId: course?.id,
      metadata: { amount, recipients: userIds.length, userIds: userIds.slice(0, 100), reason: reason ?? null },
    });
    for (const ids of repo.chunks(userIds)) {
      await notifyUsers(trx, ids, {
        kind: "credits",
        title: `You received ${amount} credits`,
        message: `${granter} granted you ${amount} credits${course ? ` for ${course.title}` : ""}${because}.`,
        link: course ? `/courses/${course.id}` : "/dashboard",
        stamp: now().toISOString(),
      });
    }
  }

  /** The learners a grant goes to, once the actor may give to each of them. */
  async function recipientsOf(actor: Actor, recipients: CreditRecipients) {
    if (recipients.type === "course") {
      const course = await findCourse(db, recipients.courseId);
      if (!course) throw notFound(MESSAGES.courseNotFound);
      if (!canGrantToCourse(actor, course)) throw forbidden(MESSAGES.notYourCourse);
      const userIds = await repo.courseLearnerIds(db, course.id);
      if (userIds.length === 0) throw badRequest(C.noLearners, [fieldError("recipients", C.noLearners)]);
      return { userIds, course: { id: course.id, title: course.title } };
    }
    const { userIds } = recipients;
    const unknown = await unknownUserIds(db, userIds);
    if (unknown.length > 0) {
      const msg = `${C.unknownUsers}: ${unknown.join(", ")}`;
      throw badRequest(C.unknownUsers, [{ path: "recipients.userIds", msg }]);
    }
    if (!grantsToAnyone(actor) && (await repo.outsideTaughtCourses(db, actor.id, userIds)).length > 0) {
      throw forbidden(C.notYourLearners);
    }
    return { userIds };
  }

  /** Opens the request the caller may answer, with its course. */
  async function requestToAnswer(actor: Actor, requestId: string) {
    const request = await repo.findRequest(db, requestId);
    if (!request) throw notFound(C.requestNotFound);
    const course = await findCourse(db, request.course_id);
    if (!course) throw notFound(C.requestNotFound);
    if (!canGrantToCourse(actor, course)) throw forbidden(MESSAGES.notYourCourse);
    if (request.status !== "open") throw conflict(C.requestClosed);
    return { request, course };
  }

  return {
    async grant(actor: Actor, input: z.output<typeof creditGrantSchema>) {
      const { userIds, course } = await recipientsOf(actor, input.recipients);
      await db.transaction().execute((trx) => applyGrant(trx, actor, { ...input, userIds, course }));
      return { amount: input.amount, recipients: userIds.length };
    },

    /** A learner short of credits asks the course's teacher (in-app, and by e-mail per preferences). */
    async request(actor: Actor, courseId: string, message: string | undefined) {
      const course = await findCourse(db, courseId);
      if (!course || !canSeeCourse(actor, course)) throw notFound(MESSAGES.courseNotFound);
      if (!canRequestCredits(actor, course)) throw forbidden(MESSAGES.managersCannotEnroll);
      if (!course.instructor_id) throw conflict(C.noTeacher);
      if (await isEnrolled(db, actor.id, courseId)) throw conflict(MESSAGES.alreadyEnrolled);
      if (await repo.openRequestOf(db, actor.id, courseId)) throw conflict(C.requestOpen);
      const learner = await db
        .selectFrom("users")
        .select(["name", "credits"])
        .where("id", "=", actor.id)
        .executeTakeFirstOrThrow();
      if (learner.credits >= course.price_credits) throw conflict(C.requestNotNeeded);
      const id = newId();
      const stamp = now().toISOString();
      const teacherId = course.instructor_id;
      try {
        await db.transaction().execute(async (trx) => {
          await repo.insertRequest(trx, {
            id,
            user_id: actor.id,
            course_id: courseId,
            message: message || null,
            status: "open",
            granted_amount: null,
            closed_by: null,
            created_at: stamp,
            closed_at: null,
          });
          const missing = course.price_credits - learner.credits;
          await notifyUserWithEmail(trx, outbox, teacherId, {
            kind: "credits",
            title: `Credit request for ${course.title}`,
            message: `${learner.name} needs ${missing} more credits to enroll in ${course.title}.${message ? ` "${message}"` : ""}`,
            link: `/instructor/courses/${courseId}?tab=credits`,
            stamp,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(C.requestOpen);
        throw error;
      }
      outbox.kick();
      const row = await repo.findRequest(db, id);
      if (!row) throw notFound(C.requestNotFound);
      return presentCreditRequest(row);
    },

    /** The caller's open request for the course, if any. */
    async mine(actor: Actor, courseId: string) {
      const row = await repo.openRequestOf(db, actor.id, courseId);
      return row ? presentCreditRequest(row) : null;
    },

    async openRequests(actor: Actor, courseId: string) {
      const course = await findCourse(db, courseId);
      if (!course) throw notFound(MESSAGES.courseNotFound);
      if (!canGrantToCourse(actor, course)) throw forbidden(MESSAGES.notYourCourse);
      return (await repo.openRequests(db, courseId)).map(presentCreditRequest);
    },

    /**
     * Grants from a request: the course's managers may give to its requester although they are
     * not enrolled yet (they asked to be able to enroll).
     */
    async grantRequest(actor: Actor, requestId: string, amount: number) {
      const { request, course } = await requestToAnswer(actor, requestId);
      await db.transaction().execute(async (trx) => {
        const at = now().toISOString();
        if (!(await repo.closeRequest(trx, request.id, { status: "granted", amount, by: actor.id, at }))) {
          throw conflict(C.requestClosed);
        }
        await applyGrant(trx, actor, {
          userIds: [request.user_id],
          amount,
          reason: "credit request",
          course: { id: course.id, title: course.title },
        });
      });
      const row = await repo.findRequest(db, request.id);
      if (!row) throw notFound(C.requestNotFound);
      return presentCreditRequest(row);
    },

    async dismissRequest(actor: Actor, requestId: string) {
      const { request } = await requestToAnswer(actor, requestId);
      const at = now().toISOString();
      if (!(await repo.closeRequest(db, request.id, { status: "dismissed", amount: null, by: actor.id, at }))) {
        throw conflict(C.requestClosed);
      }
      const row = await repo.findRequest(db, request.id);
      if (!row) throw notFound(C.requestNotFound);
      return presentCreditRequest(row);
    },
  };
}
export type CreditService = ReturnType<typeof createCreditService>;
