import { type LtiLaunchForm, type LtiLinkInput, LTI_MESSAGES as M, MESSAGES } from "@lms/contract";
import type { Kysely } from "kysely";
import { fromFlag } from "../../db/ids.js";
import type { Database } from "../../db/types.js";
import { badRequest, notFound } from "../../http/errors.js";
import type { Actor } from "../../policies/index.js";
import { canLaunchLtiLink } from "../../policies/lti.js";
import * as content from "../content/repo.js";
import { contentDenied, courseToManage, findCourse, isEnrolled } from "../courses/access.js";
import { settleCompletion } from "../progress/completion.js";
import { addLinkLesson } from "./link-lessons.js";
import type { PlatformTokens } from "./platform-tokens.js";
import { type PlatformEndpoints, toolDeploymentIds } from "./present.js";
import * as repo from "./repo.js";

/** A launch's one-time hint lives 5 minutes; a deep-linking request's `data` an hour (the instructor picks). */
export const HINT_SECONDS = 5 * 60;
export const DEEP_LINKING_DATA_SECONDS = 60 * 60;

/** What a launch's signed, one-time `lti_message_hint` binds. */
export interface LaunchHint {
  sub: string;
  tool: string;
  deployment: string;
  course: string;
  /** A resource link launch names its link; a deep-linking request its module and signed `data`. */
  link?: string;
  module?: string;
  data?: string;
  target: string;
}

/**
 * The course side of LTI: the tools a manager may place, links added to a module (directly or by
 * deep linking), and launches. The browser legs that follow carry no credential of ours: a launch
 * is authorised by its one-time hint.
 */
export function createLtiCourseService(deps: {
  db: Kysely<Database>;
  tokens: PlatformTokens;
  endpoints: PlatformEndpoints;
}) {
  const { db, tokens, endpoints } = deps;

  async function managedModule(actor: Actor, courseId: string, moduleId: string) {
    const course = await courseToManage(db, actor, courseId);
    const module = await content.findModule(db, courseId, moduleId);
    if (!module) throw notFound(M.moduleNotFound);
    return course;
  }

  async function toolOrFail(toolId: string) {
    const tool = await repo.findTool(db, toolId);
    if (!tool) throw notFound(M.toolNotFound);
    return tool;
  }

  async function launchForm(tool: repo.ToolRow, hint: LaunchHint): Promise<LtiLaunchForm> {
    return {
      action: tool.login_url,
      fields: {
        iss: endpoints.issuer,
        login_hint: hint.sub,
        target_link_uri: hint.target,
        lti_message_hint: await tokens.sign("lti-message-hint", { ...hint }, HINT_SECONDS),
        client_id: tool.client_id,
        lti_deployment_id: hint.deployment,
      },
      target: "frame",
    };
  }

  return {
    async courseTools(actor: Actor, courseId: string) {
      await courseToManage(db, actor, courseId);
      return (await repo.listTools(db)).map((t) => ({
        _id: t.id,
        name: t.name,
        canDeepLink: Boolean(t.deep_linking_url),
      }));
    },

    async createLink(actor: Actor, courseId: string, moduleId: string, input: LtiLinkInput) {
      await managedModule(actor, courseId, moduleId);
      const tool = await toolOrFail(input.toolId);
      return db.transaction().execute(async (trx) => {
        const added = await addLinkLesson(trx, actor, { courseId, moduleId }, tool, {
          title: input.title,
          url: input.url || null,
          customParameters: {},
          lineItem: input.scoreMaximum
            ? { scoreMaximum: input.scoreMaximum, label: input.title, resourceId: null, tag: null }
            : null,
        });
        await settleCompletion(trx, { courseId });
        return added;
      });
    },

    async startDeepLinking(actor: Actor, courseId: string, moduleId: string, toolId: string) {
      await managedModule(actor, courseId, moduleId);
      const tool = await toolOrFail(toolId);
      if (!tool.deep_linking_url) throw badRequest(M.noDeepLinking);
      const data = await tokens.sign(
        "lti-deep-linking-data",
        { sub: actor.id, course: courseId, module: moduleId, tool: tool.id },
        DEEP_LINKING_DATA_SECONDS,
      );
      return launchForm(tool, {
        sub: actor.id,
        tool: tool.id,
        deployment: toolDeploymentIds(tool)[0],
        course: courseId,
        module: moduleId,
        data,
        target: tool.deep_linking_url,
      });
    },

    /** A lesson's link, for its course's managers and its enrolled learners once the lesson is published. */
    async launch(actor: Actor, courseId: string, lessonId: string, linkId: string) {
      const course = await findCourse(db, courseId);
      if (!course) throw notFound(MESSAGES.courseNotFound);
      const lesson = await content.findLesson(db, courseId, lessonId);
      const link = await repo.findLink(db, linkId);
      if (!lesson || !link || link.lesson_id !== lessonId) throw notFound(M.linkNotFound);
      const enrolled = await isEnrolled(db, actor.id, courseId);
      if (!canLaunchLtiLink(actor, course, enrolled, fromFlag(lesson.is_published))) {
        throw enrolled ? notFound(MESSAGES.lessonNotFound) : contentDenied(actor);
      }
      const tool = await toolOrFail(link.tool_id);
      return launchForm(tool, {
        sub: actor.id,
        tool: tool.id,
        deployment: toolDeploymentIds(tool)[0],
        course: courseId,
        link: link.id,
        target: link.url ?? tool.launch_url,
      });
    },
  };
}
export type LtiCourseService = ReturnType<typeof createLtiCourseService>;
