import { ASSESSMENT_MESSAGES as M, MESSAGES, type OverrideInput } from "@lms/contract";
import type { Kysely } from "kysely";
import { newId } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { badRequest, fieldError, notFound } from "../../http/errors.js";
import type { Actor } from "../../policies/index.js";
import { isEnrolled } from "../courses/access.js";
import { assessmentToManage } from "./access.js";
import * as repo from "./repo.js";

export type OverrideService = ReturnType<typeof createOverrideService>;

/** Per-learner accommodations on an assessment, set by the course's managers. */
export function createOverrideService({ db, now }: { db: Kysely<Database>; now: () => Date }) {
  async function listed(assessmentId: string, userId: string) {
    const [row] = await repo.listOverrides(db, assessmentId, userId);
    if (!row) throw notFound(M.overrideNotFound);
    return row;
  }

  return {
    async list(actor: Actor, courseId: string, assessmentId: string) {
      await assessmentToManage(db, actor, courseId, assessmentId);
      return repo.listOverrides(db, assessmentId);
    },

    /** Sets one enrolled learner's override (replacing any earlier one). */
    async put(actor: Actor, courseId: string, assessmentId: string, userId: string, input: OverrideInput) {
      await assessmentToManage(db, actor, courseId, assessmentId);
      if (!(await isEnrolled(db, userId, courseId))) {
        throw badRequest(MESSAGES.notEnrolledStudent, [fieldError("userId", MESSAGES.notEnrolledStudent)]);
      }
      const stamp = now().toISOString();
      await repo.upsertOverride(db, {
        id: newId(),
        assessment_id: assessmentId,
        user_id: userId,
        extra_minutes: input.extraMinutes,
        due_date: input.dueDate,
        extra_attempts: input.extraAttempts,
        created_by: actor.id,
        created_at: stamp,
        updated_at: stamp,
      });
      return listed(assessmentId, userId);
    },

    async remove(actor: Actor, courseId: string, assessmentId: string, userId: string) {
      await assessmentToManage(db, actor, courseId, assessmentId);
      if (!(await repo.deleteOverride(db, assessmentId, userId))) throw notFound(M.overrideNotFound);
    },
  };
}
