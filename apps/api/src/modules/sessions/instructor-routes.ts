import {
  courseSessionParamsSchema,
  courseSessionsResponseSchema,
  instantOfInput,
  instructorDashboardSessionsResponseSchema,
  SESSION_MESSAGES as M,
  messageResponseSchema,
  objectIdSchema,
  sessionConflictsQuerySchema,
  sessionConflictsResponseSchema,
  sessionFieldsSchema,
  sessionJoinResponseSchema,
  sessionResponseSchema,
  startSessionRequestSchema,
  updateSessionRequestSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { allowOnly } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import { notFound } from "../../http/errors.js";
import { failures } from "../../http/failures.js";
import { canScheduleSessions, seesAllSessions } from "../../policies/index.js";
import { courseToManage } from "../courses/access.js";
import type { UserRow } from "../users/repo.js";
import { sessionToManage } from "./access.js";
import { bearer, type LiveContext, personOf, withProviderFailure } from "./context.js";
import { instructorUpcoming } from "./dashboards.js";
import { presentSession } from "./present.js";
import { learnersBusyDuring, listSessions, reloadSession, teacherSessionsDuring } from "./repo.js";

const tags = ["instructor"];
/** The course session manager shows every session of one course; more than this is not a course. */
const COURSE_SESSIONS_MAX = 500;
/** A slot clashing with more of the teacher's sessions than this is listed with the first ones. */
const CONFLICTS_MAX = 20;

/** The instructor-side session calls (spec §7 "Instructor") and the dashboard's upcoming sessions. */
export async function instructorSessionRoutes(app: FastifyInstance, ctx: LiveContext): Promise<void> {
  const { db, guard, sessions, lifecycle } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = allowOnly(guard, canScheduleSessions);
  const courseParams = z.object({ id: objectIdSchema });

  /** The session, if it belongs to the course in the path and the actor manages it. */
  async function courseSession(actor: UserRow, params: { id: string; sessionId: string }) {
    const row = await sessionToManage(db, actor, params.sessionId);
    if (row.course_id !== params.id) throw notFound(M.notFound);
    return row;
  }

  r.get(
    "/instructor/courses/:id/sessions",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: courseParams,
        response: { 200: courseSessionsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const course = await courseToManage(db, currentUser(request), request.params.id);
      const { rows } = await listSessions(
        db,
        { userId: null, courseId: course.id },
        { offset: 0, limit: COURSE_SESSIONS_MAX },
      );
      const now = new Date();
      return { success: true as const, data: { sessions: rows.map((row) => presentSession(row, now)) } };
    },
  );

  r.post(
    "/instructor/courses/:id/sessions",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: courseParams,
        body: sessionFieldsSchema,
        response: { 201: sessionResponseSchema, ...withProviderFailure },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const course = await courseToManage(db, actor, request.params.id);
      const row = await sessions.schedule(actor, course.id, request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: { session: presentSession(row) }, message: M.scheduled.text });
    },
  );

  r.get(
    "/instructor/courses/:id/sessions/conflicts",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: courseParams,
        querystring: sessionConflictsQuerySchema,
        response: { 200: sessionConflictsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const course = await courseToManage(db, currentUser(request), request.params.id);
      const { scheduledAt, duration, timezone, excludeSessionId } = request.query;
      const start = instantOfInput(scheduledAt, timezone);
      const slot = {
        start: start.toISOString(),
        end: new Date(start.getTime() + duration * 60_000).toISOString(),
        excludeSessionId,
      };
      const [teacherRows, learnersBusy] = await Promise.all([
        course.instructor_id ? teacherSessionsDuring(db, course.instructor_id, slot, CONFLICTS_MAX) : [],
        learnersBusyDuring(db, course.id, slot),
      ]);
      const now = new Date();
      const teacherSessions = teacherRows.map((row) => presentSession(row, now));
      return { success: true as const, data: { teacherSessions, learnersBusy } };
    },
  );

  r.put(
    "/instructor/courses/:id/sessions/:sessionId",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: courseSessionParamsSchema,
        body: updateSessionRequestSchema,
        response: { 200: sessionResponseSchema, ...withProviderFailure },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const saved = await sessions.update(actor, await courseSession(actor, request.params), request.body);
      const message = (request.body.status === "cancelled" ? M.cancelled : M.updated).text;
      return { success: true as const, data: { session: presentSession(saved) }, message };
    },
  );

  r.delete(
    "/instructor/courses/:id/sessions/:sessionId",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: courseSessionParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await sessions.remove(actor, await courseSession(actor, request.params));
      return { success: true as const, message: M.deleted.text };
    },
  );

  r.post(
    "/instructor/courses/:id/sessions/:sessionId/start",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: courseSessionParamsSchema,
        body: startSessionRequestSchema.nullish(),
        response: { 200: sessionJoinResponseSchema, ...withProviderFailure },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const row = await courseSession(actor, request.params);
      const joinUrl = await lifecycle.start(row, personOf(actor), { early: request.body?.early === true });
      const session = presentSession(await reloadSession(db, row.id));
      return { success: true as const, data: { joinUrl, role: "host" as const, session }, message: M.started.text };
    },
  );

  r.get(
    "/instructor/dashboard/sessions",
    {
      onRequest: staff,
      schema: { tags, security: bearer, response: { 200: instructorDashboardSessionsResponseSchema, ...failures } },
    },
    async (request) => {
      const actor = currentUser(request);
      const { rows, total } = await instructorUpcoming(db, seesAllSessions(actor) ? null : actor.id);
      const now = new Date();
      return { success: true as const, data: { sessions: rows.map((row) => presentSession(row, now)), total } };
    },
  );
}
