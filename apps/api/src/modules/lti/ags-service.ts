import { LTI_MESSAGES as M, MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import { newId, nowIso, toFlag } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { badRequest, conflict, fieldError, notFound } from "../../http/errors.js";
import { isEnrolled } from "../courses/access.js";
import { settleCompletion } from "../progress/completion.js";
import { upsertProgress } from "../progress/repo.js";
import type { LineItemBody, ScoreBody } from "./ags-schemas.js";
import * as repo from "./repo.js";

/** A score that completes its link's lesson file for the learner (AGS activity and grading progress). */
export const completesLesson = (score: { activityProgress: string; gradingProgress: string }) =>
  score.activityProgress === "Completed" || score.gradingProgress === "FullyGraded";

/**
 * Assignment and Grade Services 2.0 for a tool in a course it reaches: its line items (gradebook
 * columns), the scores it posts (newest timestamp wins) and the results it reads back.
 */
export function createLtiAgsService(deps: { db: Kysely<Database>; issuer: string }) {
  const { db, issuer } = deps;
  const lineItemsUrl = (courseId: string) => `${issuer}/api/lti/courses/${courseId}/line-items`;

  function presentLineItem(row: repo.LineItemRow) {
    return {
      id: `${lineItemsUrl(row.course_id)}/${row.id}`,
      label: row.label,
      scoreMaximum: Number(row.score_maximum),
      ...(row.resource_id ? { resourceId: row.resource_id } : {}),
      ...(row.tag ? { tag: row.tag } : {}),
      ...(row.link_id ? { resourceLinkId: row.link_id } : {}),
    };
  }

  async function lineItemOrFail(toolId: string, courseId: string, id: string) {
    const row = await repo.findLineItem(db, toolId, courseId, id);
    if (!row) throw notFound(M.lineItemNotFound);
    return row;
  }

  /** A link given by a tool must be one of its own in this course. */
  async function ownLink(toolId: string, courseId: string, linkId: string | null | undefined) {
    if (!linkId) return null;
    const link = await repo.findLink(db, linkId);
    if (!link || link.tool_id !== toolId || link.course_id !== courseId) {
      throw badRequest(M.invalidLineItem, [fieldError("resourceLinkId", M.linkNotFound)]);
    }
    return link.id;
  }

  return {
    presentLineItem,

    async list(
      toolId: string,
      courseId: string,
      filter: { resource_link_id?: string; resource_id?: string; tag?: string; limit?: number },
    ) {
      let q = db
        .selectFrom("lti_line_items")
        .selectAll()
        .where("tool_id", "=", toolId)
        .where("course_id", "=", courseId);
      if (filter.resource_link_id) q = q.where("link_id", "=", filter.resource_link_id);
      if (filter.resource_id) q = q.where("resource_id", "=", filter.resource_id);
      if (filter.tag) q = q.where("tag", "=", filter.tag);
      const rows = await q
        .orderBy("created_at")
        .orderBy("id")
        .limit(filter.limit ?? 1_000)
        .execute();
      return rows.map(presentLineItem);
    },

    async get(toolId: string, courseId: string, id: string) {
      return presentLineItem(await lineItemOrFail(toolId, courseId, id));
    },

    async create(toolId: string, courseId: string, body: LineItemBody) {
      const row: repo.LineItemRow = {
        id: newId(),
        course_id: courseId,
        tool_id: toolId,
        link_id: await ownLink(toolId, courseId, body.resourceLinkId),
        label: body.label,
        score_maximum: body.scoreMaximum,
        resource_id: body.resourceId ?? null,
        tag: body.tag ?? null,
        created_at: nowIso(),
      };
      await db.insertInto("lti_line_items").values(row).execute();
      return presentLineItem(row);
    },

    async update(toolId: string, courseId: string, id: string, body: LineItemBody) {
      const before = await lineItemOrFail(toolId, courseId, id);
      const changes = {
        label: body.label,
        score_maximum: body.scoreMaximum,
        resource_id: body.resourceId ?? null,
        tag: body.tag ?? null,
        link_id:
          body.resourceLinkId === undefined ? before.link_id : await ownLink(toolId, courseId, body.resourceLinkId),
      };
      await db.updateTable("lti_line_items").set(changes).where("id", "=", id).execute();
      return presentLineItem({ ...before, ...changes });
    },

    async remove(toolId: string, courseId: string, id: string) {
      await lineItemOrFail(toolId, courseId, id);
      await db.deleteFrom("lti_line_items").where("id", "=", id).execute();
    },

    /**
     * Stores an enrolled learner's score (one per line item and learner). A score not newer than the
     * stored one is refused (409): tools may resend, the newest timestamp wins. Completed or fully
     * graded completes the link's lesson file, which feeds progress and the completion rule.
     */
    async score(toolId: string, courseId: string, id: string, body: ScoreBody) {
      const item = await lineItemOrFail(toolId, courseId, id);
      if (!(await isEnrolled(db, body.userId, courseId))) {
        throw badRequest(M.invalidScore, [fieldError("userId", MESSAGES.notEnrolledStudent)]);
      }
      const stored = await repo.findScore(db, item.id, body.userId);
      if (stored && Date.parse(body.timestamp) <= Date.parse(stored.timestamp)) throw conflict(M.staleScore);
      const now = nowIso();
      const link = item.link_id ? await repo.findLink(db, item.link_id) : undefined;
      const done = Boolean(link) && completesLesson(body);
      await db.transaction().execute(async (trx) => {
        await repo.saveScore(trx, {
          id: newId(),
          line_item_id: item.id,
          user_id: body.userId,
          score_given: body.scoreGiven ?? null,
          score_maximum: body.scoreMaximum ?? null,
          activity_progress: body.activityProgress,
          grading_progress: body.gradingProgress,
          comment: body.comment ?? null,
          timestamp: new Date(Date.parse(body.timestamp)).toISOString(),
          updated_at: now,
        });
        if (link && done) {
          await upsertProgress(trx, {
            id: newId(),
            user_id: body.userId,
            course_id: courseId,
            lesson_id: link.lesson_id,
            file_id: link.file_id,
            position: 0,
            duration: 0,
            completed: toFlag(true),
            viewed_at: now,
            completed_at: now,
          });
          await settleCompletion(trx, { courseId, userIds: [body.userId] });
        }
      });
    },

    async results(toolId: string, courseId: string, id: string, userId: string | undefined) {
      const item = await lineItemOrFail(toolId, courseId, id);
      let q = db.selectFrom("lti_scores").selectAll().where("line_item_id", "=", item.id);
      if (userId) q = q.where("user_id", "=", userId);
      const rows = await q.orderBy("user_id").execute();
      const itemUrl = `${lineItemsUrl(courseId)}/${item.id}`;
      return rows.map((r) => ({
        id: `${itemUrl}/results/${r.user_id}`,
        scoreOf: itemUrl,
        userId: r.user_id,
        ...(r.score_given === null ? {} : { resultScore: Number(r.score_given) }),
        resultMaximum: Number(r.score_maximum ?? item.score_maximum),
        ...(r.comment ? { comment: r.comment } : {}),
      }));
    },
  };
}
export type LtiAgsService = ReturnType<typeof createLtiAgsService>;
