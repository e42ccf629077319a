import type { FastifyRequest } from "fastify";
import { type CacheScope, cacheTags as tags } from "./read-caches.js";

type ScopeOf = (request: FastifyRequest) => CacheScope;

const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name];
const theCourse = (request: FastifyRequest) => tags.course(param(request, "id"));
/** The signed-in writer's own row (credits, password, e-mail); every user's when signed out. */
const self = (request: FastifyRequest) => (request.currentUser ? tags.user(request.currentUser.id) : tags.users);

const nothing: ScopeOf = () => [];
/** Content, materials, announcements: that course's snapshots and public info. */
const courseContent: ScopeOf = (request) => [theCourse(request)];
/** The course's own fields or counters: also every catalogue page and the home statistics. */
const courseListed: ScopeOf = (request) => [theCourse(request), tags.publicLists];
const listsOnly: ScopeOf = () => [tags.publicLists];
const signedInUsers: ScopeOf = () => [tags.users];
const ownAccount: ScopeOf = (request) => [self(request)];
/** A teacher's name and picture show on every course of theirs, so those clear all courses too. */
const ownProfile: ScopeOf = (request) =>
  request.currentUser?.role === "learner" ? [self(request)] : [self(request), tags.courses, tags.publicLists];

const RULES: Record<string, ScopeOf> = {
  // Learning: the learner's own rows, read per request (never cached); the stats a course shows
  // (completions, average progress) catch up within READ_CACHE_SECONDS.
  "POST /api/courses/{id}/lessons/{lessonId}/progress": nothing,
  "POST /api/assessments/{id}/attempts": nothing,
  "PUT /api/attempts/{attemptId}/answers": nothing,
  "POST /api/attempts/{attemptId}/submit": nothing,
  "POST /api/attempts/{attemptId}/files/{questionId}": nothing,
  "DELETE /api/attempts/{attemptId}/files/{questionId}": nothing,
  "POST /api/sessions/{id}/join": nothing,
  "POST /api/sessions/{id}/attendance": nothing,
  "POST /api/sessions/recordings/{id}/view": nothing,
  "POST /api/calendar/feed": nothing,
  "DELETE /api/calendar/feed": nothing,
  "DELETE /api/activities/{id}": nothing,
  "POST /api/admin/notifications": nothing,
  // Enrolment moves the course's counters (catalogue order, stats) and may spend the writer's credits.
  "POST /api/courses/{id}/enroll": (request) => [...courseListed(request), self(request)],
  "POST /api/courses/{id}/rating": courseListed,
  "POST /api/courses": listsOnly,
  "PUT /api/courses/{id}": courseListed,
  "DELETE /api/courses/{id}": courseListed,
  "PUT /api/instructor/courses/{id}/picture": courseListed,
  "DELETE /api/instructor/courses/{id}/picture": courseListed,
  "PUT /api/admin/courses/{id}/picture": courseListed,
  "DELETE /api/admin/courses/{id}/picture": courseListed,
  "POST /api/admin/courses/{id}/enrollments": courseListed,
  "DELETE /api/admin/courses/{id}/enrollments/{userId}": courseListed,
  // Accounts: sign-ins stamp the user's row; a reset or a confirmation finds the user by token.
  "POST /api/auth/login": signedInUsers,
  "POST /api/auth/login/two-factor": signedInUsers,
  "POST /api/auth/reset-password/{resetToken}": signedInUsers,
  "POST /api/auth/confirm-email/{token}": signedInUsers,
  "POST /api/auth/register": listsOnly,
  "POST /api/auth/refresh-token": nothing,
  "POST /api/auth/logout": ownAccount,
  "POST /api/auth/forgot-password": nothing,
  "PUT /api/users/me/password": ownAccount,
  "PUT /api/users/me/email": ownAccount,
  "POST /api/users/me/sign-out-others": ownAccount,
  "POST /api/users/me/two-factor/enable": ownAccount,
  "POST /api/users/me/two-factor/disable": ownAccount,
  "PUT /api/users/me": ownProfile,
  "PUT /api/users/me/avatar": ownProfile,
  "DELETE /api/users/me/avatar": ownProfile,
  "PATCH /api/admin/users/{id}/toggle-status": (request) => [tags.user(param(request, "id"))],
  // Live sessions and recordings are read per request, never cached.
  "POST /api/sessions": nothing,
  "PUT /api/sessions/{id}": nothing,
  "DELETE /api/sessions/{id}": nothing,
  "POST /api/sessions/{id}/start": nothing,
  "POST /api/sessions/{id}/end": nothing,
  "POST /api/sessions/{id}/check-recordings": nothing,
  "POST /api/sessions/{id}/download-recording": nothing,
  "POST /api/sessions/zoom/create": nothing,
  "PUT /api/sessions/zoom/{id}": nothing,
  "DELETE /api/sessions/zoom/{id}": nothing,
  "POST /api/sessions/zoom/webhook": nothing,
  "POST /api/sessions/bbb/recording-ready": nothing,
  "PUT /api/sessions/recordings/{id}": nothing,
  "DELETE /api/sessions/recordings/{id}": nothing,
  "POST /api/recordings/upload/{sessionId}": nothing,
  // Assessments are not part of any cached read.
  "POST /api/instructor/assessments/{assessmentId}/duplicate": nothing,
  "POST /api/admin/courses/{id}/assessments": nothing,
  "POST /api/instructor/courses/{id}/assessments": nothing,
  "PUT /api/instructor/courses/{id}/assessments/{assessmentId}": nothing,
  "DELETE /api/instructor/courses/{id}/assessments/{assessmentId}": nothing,
  "POST /api/instructor/courses/{id}/assessments/{assessmentId}/regrade": nothing,
  "PUT /api/instructor/courses/{id}/assessments/{assessmentId}/overrides/{userId}": nothing,
  "DELETE /api/instructor/courses/{id}/assessments/{assessmentId}/overrides/{userId}": nothing,
  "PUT /api/instructor/courses/{id}/assessments/{assessmentId}/submissions/{submissionId}": nothing,
  "POST /api/instructor/courses/{id}/assessments/{assessmentId}/questions/{questionId}/image": nothing,
  "POST /api/instructor/courses/{id}/question-images": nothing,
  "DELETE /api/instructor/courses/{id}/assessments/{assessmentId}/questions/{questionId}/image": nothing,
  "POST /api/instructor/courses/{id}/sessions": nothing,
  "PUT /api/instructor/courses/{id}/sessions/{sessionId}": nothing,
  "DELETE /api/instructor/courses/{id}/sessions/{sessionId}": nothing,
  "POST /api/instructor/courses/{id}/sessions/{sessionId}/start": nothing,
};

/** The same course calls under /api/instructor and /api/admin. */
for (const area of ["/api/instructor", "/api/admin"]) {
  const course = `${area}/courses/{id}`;
  const lesson = `${course}/modules/{moduleId}/lessons/{lessonId}`;
  Object.assign(RULES, {
    [`POST ${area}/courses`]: listsOnly,
    [`PUT ${course}`]: courseListed,
    [`DELETE ${course}`]: courseListed,
    [`PATCH ${course}/status`]: courseListed,
    [`POST ${course}/review`]: courseListed,
    [`POST ${course}/modules`]: courseContent,
    [`PUT ${course}/modules/{moduleId}`]: courseContent,
    [`DELETE ${course}/modules/{moduleId}`]: courseContent,
    [`POST ${course}/modules/{moduleId}/lessons`]: courseContent,
    [`PUT ${lesson}`]: courseContent,
    [`DELETE ${lesson}`]: courseContent,
    [`POST ${lesson}/content`]: courseContent,
    [`DELETE ${lesson}/content/{fileId}`]: courseContent,
    [`POST ${course}/materials`]: courseContent,
    [`PUT ${course}/materials/{materialId}`]: courseContent,
    [`DELETE ${course}/materials/{materialId}`]: courseContent,
    [`POST ${course}/announcements`]: courseContent,
    [`PUT ${course}/announcements/{announcementId}`]: courseContent,
    [`DELETE ${course}/announcements/{announcementId}`]: courseContent,
  });
}

/** The rules by Fastify's spelling of a route (`:id` where the table says `{id}`). */
const byRoute = new Map(Object.entries(RULES).map(([route, scope]) => [route.replace(/\{(\w+)\}/g, ":$1"), scope]));

/** Every route with a rule, as the OpenAPI document spells it (the table docs/architecture.md mirrors). */
export const scopedRoutes = () => Object.keys(RULES);

/**
 * What a successful write clears. A route not in the table clears everything (users, categories,
 * settings, imports: rare writes whose effects reach many cached reads), so a new route is safe
 * before anyone narrows it; a route marked `touchesNoCachedData` clears nothing.
 */
export function writeScope(request: FastifyRequest): CacheScope {
  if (request.routeOptions.config.touchesNoCachedData) return [];
  const rule = byRoute.get(`${request.method} ${request.routeOptions.url}`);
  return rule ? rule(request) : "everything";
}
