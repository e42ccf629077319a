import {
  attendanceListResponseSchema,
  createSessionRequestSchema,
  learningActivitiesResponseSchema,
  SESSION_MESSAGES as M,
  messageResponseSchema,
  myAttendanceResponseSchema,
  sessionIdParamsSchema,
  sessionJoinResponseSchema,
  sessionListQuerySchema,
  sessionListResponseSchema,
  sessionResponseSchema,
  startSessionRequestSchema,
  updateSessionRequestSchema,
} from "@lms/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { allowOnly, signedIn } from "../../auth/access-hooks.js";
import { currentUser } from "../../auth/guard.js";
import { failures, pagination } from "../../http/failures.js";
import { canScheduleSessions, seesAllSessions } from "../../policies/index.js";
import { courseToManage, courseToRead } from "../courses/access.js";
import { sessionToAttend, sessionToManage } from "./access.js";
import { bearer, type LiveContext, pageOf, personOf, withProviderFailure } from "./context.js";
import { learningActivities } from "./dashboards.js";
import { presentAttendance, presentSession } from "./present.js";
import { listSessions, reloadSession } from "./repo.js";

const tags = ["sessions"];

/** The session calls of spec §7 "Sessions and recordings", plus the learner dashboard feed. */
export async function sessionRoutes(app: FastifyInstance, ctx: LiveContext): Promise<void> {
  const { db, guard, sessions, lifecycle } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = allowOnly(guard, canScheduleSessions);
  const user = signedIn(guard);
  const fresh = (id: string) => reloadSession(db, id);

  r.post(
    "/sessions",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        body: createSessionRequestSchema,
        response: { 201: sessionResponseSchema, ...withProviderFailure },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const course = await courseToManage(db, actor, request.body.courseId);
      const row = await sessions.schedule(actor, course.id, request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: { session: presentSession(row) }, message: M.scheduled.text });
    },
  );

  r.get(
    "/sessions",
    {
      onRequest: user,
      schema: {
        tags,
        security: bearer,
        querystring: sessionListQuerySchema,
        response: { 200: sessionListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { courseId, status, from, to } = request.query;
      if (courseId) await courseToRead(db, actor, courseId);
      const userId = courseId || seesAllSessions(actor) ? null : actor.id;
      const filter = {
        userId,
        courseId,
        status,
        from: from && new Date(from).toISOString(),
        to: to && new Date(to).toISOString(),
      };
      const { rows, total } = await listSessions(db, filter, pageOf(request.query));
      const now = new Date();
      return {
        success: true as const,
        data: { sessions: rows.map((row) => presentSession(row, now)), pagination: pagination(request.query, total) },
      };
    },
  );

  r.get(
    "/sessions/activities",
    {
      onRequest: user,
      schema: { tags, security: bearer, response: { 200: learningActivitiesResponseSchema, ...failures } },
    },
    async (request) => ({ success: true as const, data: await learningActivities(db, currentUser(request).id) }),
  );

  r.get(
    "/sessions/:id",
    {
      onRequest: user,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        response: { 200: sessionResponseSchema, ...failures },
      },
    },
    async (request) => {
      const { row } = await sessionToAttend(db, currentUser(request), request.params.id);
      return { success: true as const, data: { session: presentSession(row) } };
    },
  );

  r.put(
    "/sessions/:id",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        body: updateSessionRequestSchema,
        response: { 200: sessionResponseSchema, ...withProviderFailure },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const row = await sessionToManage(db, actor, request.params.id);
      const saved = await sessions.update(actor, row, request.body);
      const message = (request.body.status === "cancelled" ? M.cancelled : M.updated).text;
      return { success: true as const, data: { session: presentSession(saved) }, message };
    },
  );

  r.delete(
    "/sessions/:id",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        response: { 200: messageResponseSchema, ...failures },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await sessions.remove(actor, await sessionToManage(db, actor, request.params.id));
      return { success: true as const, message: M.deleted.text };
    },
  );

  r.post(
    "/sessions/:id/start",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        body: startSessionRequestSchema.nullish(),
        response: { 200: sessionJoinResponseSchema, ...withProviderFailure },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const row = await sessionToManage(db, actor, request.params.id);
      const joinUrl = await lifecycle.start(row, personOf(actor), { early: request.body?.early === true });
      const session = presentSession(await fresh(row.id));
      return { success: true as const, data: { joinUrl, role: "host" as const, session }, message: M.started.text };
    },
  );

  r.post(
    "/sessions/:id/end",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        response: { 200: sessionResponseSchema, ...failures },
      },
    },
    async (request) => {
      const row = await sessionToManage(db, currentUser(request), request.params.id);
      await lifecycle.end(row);
      return { success: true as const, data: { session: presentSession(await fresh(row.id)) }, message: M.ended.text };
    },
  );

  r.post(
    "/sessions/:id/join",
    {
      onRequest: user,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        response: { 200: sessionJoinResponseSchema, ...withProviderFailure },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { row, host } = await sessionToAttend(db, actor, request.params.id);
      const visit = { person: personOf(actor), ip: request.ip };
      const joinUrl = host ? await lifecycle.joinAsHost(row, visit) : await lifecycle.join(row, visit);
      const role = host ? ("host" as const) : ("attendee" as const);
      const session = presentSession(await fresh(row.id));
      return { success: true as const, data: { joinUrl, role, session }, message: M.joined.text };
    },
  );

  r.get(
    "/sessions/:id/attendance",
    {
      onRequest: staff,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        response: { 200: attendanceListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const row = await sessionToManage(db, currentUser(request), request.params.id);
      const now = new Date();
      const attendance = (await lifecycle.attendance(row)).map((a) => presentAttendance(a, now));
      const summary = {
        attendees: attendance.length,
        present: attendance.filter((a) => a.present).length,
        totalSeconds: attendance.reduce((sum, a) => sum + a.seconds, 0),
      };
      return { success: true as const, data: { attendance, summary } };
    },
  );

  r.post(
    "/sessions/:id/attendance",
    {
      onRequest: user,
      schema: {
        tags,
        security: bearer,
        params: sessionIdParamsSchema,
        response: { 200: myAttendanceResponseSchema, ...failures },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { row } = await sessionToAttend(db, actor, request.params.id);
      const attendance = await lifecycle.leave(row, { person: personOf(actor), ip: request.ip });
      return { success: true as const, data: { attendance: presentAttendance(attendance) }, message: M.left.text };
    },
  );
}
