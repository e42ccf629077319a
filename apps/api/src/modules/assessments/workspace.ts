import { ASSESSMENT_LIMITS, type InstructorAssessmentListQuery, ASSESSMENT_MESSAGES as M } from "@lms/contract";
import type { Kysely } from "kysely";
import { newId } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import { type Actor, isAdmin } from "../../policies/index.js";
import { courseToManage } from "./access.js";
import type { QuestionImageService } from "./question-images.js";
import * as repo from "./repo.js";
import type { AssessmentService } from "./service.js";
import { managedAssessments } from "./workspace-repo.js";

export type AssessmentWorkspace = ReturnType<typeof createAssessmentWorkspace>;

/** The title of a copy: the same in another course, marked as a copy in its own course. */
function copyTitle(title: string, sameCourse: boolean): string {
  if (!sameCourse) return title;
  const suffix = " (copy)";
  return `${title.slice(0, ASSESSMENT_LIMITS.titleMax - suffix.length)}${suffix}`;
}

/** The instructor workspace: every assessment one manages, one by id (with its course unknown to the caller), copies. */
export function createAssessmentWorkspace(deps: {
  db: Kysely<Database>;
  now: () => Date;
  assessments: AssessmentService;
  images: QuestionImageService;
}) {
  const { db, now, assessments, images } = deps;

  /** An assessment of a course the actor manages: 404 when unknown, 403 when someone else's. */
  async function toManage(actor: Actor, assessmentId: string) {
    const row = await repo.findAssessment(db, assessmentId);
    if (!row) throw notFound(M.notFound);
    await courseToManage(db, actor, row.course_id);
    return row;
  }

  return {
    /** A course filter outside one's own courses simply matches nothing. */
    list(actor: Actor, query: InstructorAssessmentListQuery) {
      const { page, limit, ...filters } = query;
      const instructorId = isAdmin(actor) ? null : actor.id;
      return managedAssessments(db, instructorId, filters, now().toISOString(), { page, limit });
    },

    async get(actor: Actor, assessmentId: string) {
      await toManage(actor, assessmentId);
      return assessments.withQuestions(assessmentId);
    },

    /**
     * A draft copy of the settings and questions in `courseId` (one the actor manages too). Attempts,
     * overrides and the published flag stay with the original.
     */
    async duplicate(actor: Actor, assessmentId: string, courseId: string) {
      const source = await toManage(actor, assessmentId);
      await courseToManage(db, actor, courseId);
      const timestamp = now().toISOString();
      const id = newId();
      const questions = (await images.copyImages(await repo.questionsOf(db, assessmentId))).map((q) => ({
        ...q,
        id: newId(),
        assessment_id: id,
        created_at: timestamp,
        updated_at: timestamp,
      }));
      await db.transaction().execute(async (trx) => {
        await repo.insertAssessment(trx, {
          ...source,
          id,
          course_id: courseId,
          title: copyTitle(source.title, source.course_id === courseId),
          published: 0,
          created_by: actor.id,
          created_at: timestamp,
          updated_at: timestamp,
        });
        await repo.replaceQuestions(trx, id, questions);
      });
      return assessments.withQuestions(id);
    },
  };
}
