import {
  type CourseReviewState,
  MESSAGES,
  REVIEW_MESSAGES,
  type ReviewDecision,
  type ReviewQueueQuery,
} from "@lms/contract";
import type { Kysely } from "kysely";
import { nowIso } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { conflict, forbidden, notFound } from "../../http/errors.js";
import {
  type Actor,
  canManageCourse,
  canPublishCourse,
  canReviewCourses,
  canSubmitForReview,
} from "../../policies/index.js";
import { courseToManage, findCourse, NOT_YOUR_COURSE } from "../courses/access.js";
import type { StaffNotifier } from "../notifications/staff-events.js";
import { getSystemSettings } from "../settings/repo.js";
import { presentReview } from "./present.js";
import * as repo from "./repo.js";

export type ReviewService = ReturnType<typeof createReviewService>;

/**
 * The course review workflow (issue 9): the instructor submits an unpublished course, an admin
 * publishes it (which clears the review state) or sends it back with a comment.
 */
export function createReviewService({ db, staff }: { db: Kysely<Database>; staff: StaffNotifier }) {
  async function existing(courseId: string) {
    const course = await findCourse(db, courseId);
    if (!course) throw notFound(MESSAGES.courseNotFound);
    return course;
  }

  return {
    /** The course's review state and what the reader may do next: for its instructor and admins. */
    async state(actor: Actor, courseId: string): Promise<CourseReviewState> {
      const course = await courseToManage(db, actor, courseId);
      const [row, settings] = await Promise.all([repo.findReview(db, courseId), getSystemSettings(db)]);
      const review = presentReview(row);
      const published = Boolean(course.published);
      return {
        published,
        review,
        canPublish: canPublishCourse(actor, course, settings),
        canSubmit: canSubmitForReview(actor, course) && !published && review.status !== "submitted",
      };
    },

    /** 403 unless the actor teaches the course; 409 when it is published or already waiting. */
    async submit(actor: Actor, courseId: string): Promise<CourseReviewState> {
      const course = await existing(courseId);
      if (!canSubmitForReview(actor, course)) {
        throw forbidden(canManageCourse(actor, course) ? MESSAGES.forbidden : NOT_YOUR_COURSE);
      }
      if (course.published) throw conflict(REVIEW_MESSAGES.alreadyPublished);
      if (!(await repo.submitReview(db, courseId, nowIso()))) throw conflict(REVIEW_MESSAGES.alreadySubmitted);
      return this.state(actor, courseId);
    },

    async queue(actor: Actor, query: ReviewQueueQuery) {
      if (!canReviewCourses(actor)) throw forbidden(MESSAGES.forbidden);
      return repo.listSubmitted(db, query);
    },

    /** Publish (course published, review cleared, in one transaction) or send back with a comment. */
    /** The instructor is told either way (bell and e-mail), with the decision in the same transaction. */
    async decide(actor: Actor, courseId: string, decision: ReviewDecision): Promise<CourseReviewState> {
      if (!canReviewCourses(actor)) throw forbidden(MESSAGES.forbidden);
      const course = await existing(courseId);
      const now = nowIso();
      // Each decision changes only a course that is still waiting, so racing decisions cannot both apply.
      const applied = await db.transaction().execute(async (trx) => {
        if (decision.decision === "publish") {
          if (!(await repo.takeSubmitted(trx, courseId))) return false;
          await trx.updateTable("courses").set({ published: 1, updated_at: now }).where("id", "=", courseId).execute();
          await staff.courseReviewed(trx, course, { published: true }, now);
          return true;
        }
        if (!(await repo.sendBack(trx, courseId, { comment: decision.comment, reviewerId: actor.id, now })))
          return false;
        await staff.courseReviewed(trx, course, { published: false, comment: decision.comment }, now);
        return true;
      });
      if (!applied) throw conflict(REVIEW_MESSAGES.notSubmitted);
      staff.deliverSoon();
      return this.state(actor, courseId);
    },
  };
}
