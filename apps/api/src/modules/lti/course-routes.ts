import {
  courseParamsSchema,
  ltiCourseToolsResponseSchema,
  ltiDeepLinkingStartSchema,
  ltiLaunchParamsSchema,
  ltiLaunchResponseSchema,
  ltiLinkCreatedResponseSchema,
  ltiLinkInputSchema,
  LTI_MESSAGES as M,
  moduleParamsSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly, signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import type { AreaRouteDeps } from "../courses/area-routes.js";
import type { LtiCourseService } from "./course-service.js";

const secured = { security: [{ bearerAuth: [] }] };

/** Placing tools in a course, under the instructor and admin areas: the course's instructor or an admin. */
export async function ltiAreaRoutes(app: FastifyInstance, deps: AreaRouteDeps & { lti: LtiCourseService }) {
  const { guard, allowed, tag, lti } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = allowOnly(guard, allowed);
  const tags = [tag, "lti"];

  r.get(
    "/courses/:id/lti/tools",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description: "The registered LTI tools a manager of the course may place in it.",
        params: courseParamsSchema,
        response: { 200: ltiCourseToolsResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { tools: await lti.courseTools(currentUser(request), request.params.id) },
    }),
  );

  r.post(
    "/courses/:id/modules/:moduleId/lti/deep-linking",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "Starts an LtiDeepLinkingRequest launch of the tool for this module: the form the web posts to the " +
          "tool's login URL. The tool's response (to /api/lti/deep-linking/return) adds its items as lessons.",
        params: moduleParamsSchema,
        body: ltiDeepLinkingStartSchema,
        response: { 200: ltiLaunchResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, moduleId } = request.params;
      const launch = await lti.startDeepLinking(currentUser(request), id, moduleId, request.body.toolId);
      return { success: true as const, data: { launch } };
    },
  );

  r.post(
    "/courses/:id/modules/:moduleId/lti/links",
    {
      onRequest,
      schema: {
        tags,
        ...secured,
        description:
          "Adds a published lesson at the end of the module holding one LTI link of the tool (its launch URL, " +
          "or `url`), with a gradebook column (line item) when `scoreMaximum` is given.",
        params: moduleParamsSchema,
        body: ltiLinkInputSchema,
        response: { 201: ltiLinkCreatedResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { id, moduleId } = request.params;
      const data = await lti.createLink(currentUser(request), id, moduleId, request.body);
      return reply.status(201).send({ success: true as const, message: M.linkCreated.text, data });
    },
  );
}

/** Launching a lesson's link: the course's managers, and its enrolled learners (published lessons). */
export async function ltiLaunchRoutes(app: FastifyInstance, deps: { guard: Guard; lti: LtiCourseService }) {
  const { guard, lti } = deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    "/courses/:id/lessons/:lessonId/lti/:linkId/launch",
    {
      onRequest: signedIn(guard),
      schema: {
        tags: ["lti"],
        ...secured,
        description:
          "The form that starts the LTI 1.3 launch (OIDC third-party login initiation at the tool), authorised by " +
          "a signed, one-time `lti_message_hint` valid 5 minutes. 403 `not enrolled` for learners not enrolled.",
        params: ltiLaunchParamsSchema,
        response: { 200: ltiLaunchResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { id, lessonId, linkId } = request.params;
      return { success: true as const, data: { launch: await lti.launch(currentUser(request), id, lessonId, linkId) } };
    },
  );
}
