import {
  CREDIT_MESSAGES as C,
  courseParamsSchema,
  creditGrantResponseSchema,
  creditGrantSchema,
  creditRequestCreateSchema,
  creditRequestGrantSchema,
  creditRequestParamsSchema,
  creditRequestResponseSchema,
  creditRequestsResponseSchema,
  myCreditRequestResponseSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly, signedIn } from "../../auth/access-hooks.js";
import { currentUser, type Guard } from "../../auth/guard.js";
import { failures } from "../../http/failures.js";
import { canGrantCredits } from "../../policies/index.js";
import type { CreditService } from "./service.js";

const secured = { security: [{ bearerAuth: [] }], tags: ["credits"] };
// Requests are no part of any shared read cache (grants change balances: they clear the default scope).
const noCachedData = { touchesNoCachedData: true };

/** Granting credits to learners, and learners' requests for them (issue 21). */
export async function creditRoutes(
  app: FastifyInstance,
  { guard, credits }: { guard: Guard; credits: CreditService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = allowOnly(guard, canGrantCredits);
  const onRequest = signedIn(guard);

  r.post(
    "/credits/grants",
    {
      onRequest: staff,
      schema: {
        ...secured,
        description:
          "Gives each chosen learner (or every learner of a course) the same whole amount, all or nothing. " +
          "Admins give to anyone; instructors to learners enrolled in a course they teach.",
        body: creditGrantSchema,
        response: { 201: creditGrantResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const data = await credits.grant(currentUser(request), request.body);
      return reply.status(201).send({ success: true as const, data, message: C.granted.text });
    },
  );

  r.post(
    "/courses/:id/credit-requests",
    {
      onRequest,
      config: noCachedData,
      schema: {
        ...secured,
        description: "A learner short of the course's price asks its teacher for credits; one open request per course.",
        params: courseParamsSchema,
        body: creditRequestCreateSchema,
        response: { 201: creditRequestResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const data = await credits.request(currentUser(request), request.params.id, request.body.message);
      return reply.status(201).send({ success: true as const, data: { request: data }, message: C.requested.text });
    },
  );

  r.get(
    "/courses/:id/credit-requests/mine",
    {
      onRequest,
      schema: {
        ...secured,
        description: "The caller's open credit request for the course, or null.",
        params: courseParamsSchema,
        response: { 200: myCreditRequestResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { request: await credits.mine(currentUser(request), request.params.id) },
    }),
  );

  r.get(
    "/courses/:id/credit-requests",
    {
      onRequest: staff,
      schema: {
        ...secured,
        description: "The course's open credit requests, oldest first: for its instructor and admins.",
        params: courseParamsSchema,
        response: { 200: creditRequestsResponseSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: { requests: await credits.openRequests(currentUser(request), request.params.id) },
    }),
  );

  r.post(
    "/credit-requests/:requestId/grant",
    {
      onRequest: staff,
      schema: {
        ...secured,
        description: "Grants the amount to the request's learner and closes the request.",
        params: creditRequestParamsSchema,
        body: creditRequestGrantSchema,
        response: { 200: creditRequestResponseSchema, ...failures },
      },
    },
    async (request) => {
      const data = await credits.grantRequest(currentUser(request), request.params.requestId, request.body.amount);
      return { success: true as const, data: { request: data }, message: C.granted.text };
    },
  );

  r.post(
    "/credit-requests/:requestId/dismiss",
    {
      onRequest: staff,
      config: noCachedData,
      schema: {
        ...secured,
        description: "Closes the request without granting.",
        params: creditRequestParamsSchema,
        response: { 200: creditRequestResponseSchema, ...failures },
      },
    },
    async (request) => {
      const data = await credits.dismissRequest(currentUser(request), request.params.requestId);
      return { success: true as const, data: { request: data }, message: C.dismissed.text };
    },
  );
}
