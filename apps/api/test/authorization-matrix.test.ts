import type { Role } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { makeSignedInUser } from "./support/factories.js";

/**
 * Who may call each route (ARCHITECTURE §5). Every route the api registers must have an entry:
 * a new route without one fails this suite. "public": anyone; "signed-in": any active user;
 * a role list: only those roles (others get 403, anonymous 401); "ticket": a credential of its own
 * instead of the bearer token (401 without it, whoever calls: live.test.ts proves the ticket).
 */
type Access = "public" | "signed-in" | "ticket" | Role[];
/** Instructors (their own courses) and admins. */
const STAFF: Role[] = ["instructor", "admin", "super_admin"];
const ADMINS: Role[] = ["admin", "super_admin"];

/** The course, content, material and announcement calls, the same under /instructor and /admin. */
function courseArea(prefix: string, access: Role[]): Record<string, Role[]> {
  const course = `${prefix}/courses/{id}`;
  const lesson = `${course}/modules/{moduleId}/lessons/{lessonId}`;
  const routes = [
    `GET ${prefix}/courses`,
    `POST ${prefix}/courses`,
    `GET ${course}`,
    `PUT ${course}`,
    `DELETE ${course}`,
    `PUT ${course}/picture`,
    `DELETE ${course}/picture`,
    `POST ${course}/copy`,
    `POST ${prefix}/courses/import/cc`,
    `GET ${course}/export/cc`,
    `POST ${course}/modules`,
    `PUT ${course}/modules/order`,
    `PUT ${course}/modules/{moduleId}`,
    `DELETE ${course}/modules/{moduleId}`,
    `POST ${course}/modules/{moduleId}/lessons`,
    `PUT ${lesson}`,
    `DELETE ${lesson}`,
    `POST ${lesson}/content`,
    `DELETE ${lesson}/content/{fileId}`,
    `POST ${lesson}/scorm`,
    `GET ${course}/materials`,
    `POST ${course}/materials`,
    `GET ${course}/materials/{materialId}/download`,
    `PUT ${course}/materials/{materialId}`,
    `DELETE ${course}/materials/{materialId}`,
    `GET ${course}/announcements`,
    `POST ${course}/announcements`,
    `PUT ${course}/announcements/{announcementId}`,
    `DELETE ${course}/announcements/{announcementId}`,
    `GET ${course}/lti/tools`,
    `POST ${course}/modules/{moduleId}/lti/deep-linking`,
    `POST ${course}/modules/{moduleId}/lti/links`,
  ];
  return Object.fromEntries(routes.map((route) => [route, access]));
}
const MATRIX: Record<string, Access> = {
  "GET /api/health": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/register": "public",
  "POST /api/auth/refresh-token": "public",
  "POST /api/auth/logout": "signed-in",
  "GET /api/auth/profile": "signed-in",
  // One's own account (issue 12); the confirmation link and a user's picture need no session.
  "GET /api/users/me": "signed-in",
  "PUT /api/users/me": "signed-in",
  "PUT /api/users/me/password": "signed-in",
  "PUT /api/users/me/email": "signed-in",
  "POST /api/users/me/sign-out-others": "signed-in",
  "PUT /api/users/me/avatar": "signed-in",
  "DELETE /api/users/me/avatar": "signed-in",
  "POST /api/auth/confirm-email/{token}": "public",
  "GET /api/users/{id}/avatar": "public",
  "GET /api/users/{id}/profile": "signed-in",
  "GET /api/users/me/preferences": "signed-in",
  "GET /api/users/me/two-factor": "signed-in",
  "POST /api/users/me/two-factor/setup": "signed-in",
  "POST /api/users/me/two-factor/enable": "signed-in",
  "POST /api/users/me/two-factor/disable": "signed-in",
  "POST /api/auth/login/two-factor": "public",
  "PUT /api/users/me/preferences": "signed-in",
  "POST /api/auth/forgot-password": "public",
  "GET /api/auth/reset-password/{resetToken}": "public",
  "POST /api/auth/reset-password/{resetToken}": "public",
  "GET /api/courses": "public",
  "GET /api/categories": "public",
  "GET /api/stats/public": "public",
  "GET /api/settings/public": "public",
  "GET /api/auth/demo-accounts": "public",
  "GET /api/admin/users": ["admin", "super_admin"],
  "POST /api/admin/users": ADMINS,
  "GET /api/admin/users/{id}": ADMINS,
  "PUT /api/admin/users/{id}": ADMINS,
  // Against an admin or super admin only a super admin (403 for a plain admin: credentials-lifecycle.test.ts).
  "POST /api/admin/users/{id}/sign-out-everywhere": ADMINS,
  "POST /api/admin/users/{id}/two-factor/reset": ADMINS,
  "DELETE /api/admin/users/{id}": ADMINS,
  "PATCH /api/admin/users/{id}/toggle-status": ADMINS,
  "POST /api/admin/users/bulk-update": ADMINS,
  "POST /api/admin/users/bulk-delete": ADMINS,
  "POST /api/admin/users/import/preview": ADMINS,
  "POST /api/admin/users/import": ADMINS,
  "GET /api/admin/users/import/{jobId}": ADMINS,
  "GET /api/admin/users/export": ADMINS,
  "POST /api/admin/reports": ADMINS,
  // Notifications (issue 11): admins broadcast; everyone reads and marks their own.
  "POST /api/admin/notifications": ADMINS,
  "GET /api/admin/notifications/history": ADMINS,
  "GET /api/notifications": "signed-in",
  "POST /api/notifications/read-all": "signed-in",
  "POST /api/notifications/{id}/read": "signed-in",
  // Live sessions, recordings, video meetings and calendar sync (issue 4). Callbacks and media
  // links are public routes authenticated by their own signature or token.
  "POST /api/sessions": STAFF,
  "GET /api/sessions": "signed-in",
  "GET /api/sessions/activities": "signed-in",
  "GET /api/sessions/{id}": "signed-in",
  "PUT /api/sessions/{id}": STAFF,
  "DELETE /api/sessions/{id}": STAFF,
  "POST /api/sessions/{id}/start": STAFF,
  "POST /api/sessions/{id}/end": STAFF,
  "POST /api/sessions/{id}/join": "signed-in",
  "GET /api/sessions/{id}/attendance": STAFF,
  "POST /api/sessions/{id}/attendance": "signed-in",
  "GET /api/sessions/{id}/calendar.ics": "signed-in",
  "GET /api/instructor/courses/{id}/sessions": STAFF,
  "POST /api/instructor/courses/{id}/sessions": STAFF,
  "PUT /api/instructor/courses/{id}/sessions/{sessionId}": STAFF,
  "DELETE /api/instructor/courses/{id}/sessions/{sessionId}": STAFF,
  "POST /api/instructor/courses/{id}/sessions/{sessionId}/start": STAFF,
  "GET /api/instructor/courses/{id}/sessions/conflicts": STAFF,
  "GET /api/instructor/dashboard/sessions": STAFF,
  "POST /api/recordings/upload/{sessionId}": STAFF,
  "GET /api/recordings/{id}/stream": "public",
  "GET /api/sessions/recordings": "signed-in",
  "GET /api/sessions/{id}/recordings": "signed-in",
  "GET /api/sessions/recordings/{id}/download": "signed-in",
  "PUT /api/sessions/recordings/{id}": STAFF,
  "DELETE /api/sessions/recordings/{id}": STAFF,
  "POST /api/sessions/recordings/{id}/view": "signed-in",
  "POST /api/sessions/{id}/check-recordings": STAFF,
  "POST /api/sessions/{id}/download-recording": STAFF,
  "POST /api/sessions/zoom/create": STAFF,
  "PUT /api/sessions/zoom/{id}": STAFF,
  "DELETE /api/sessions/zoom/{id}": STAFF,
  "GET /api/sessions/zoom/{id}/recordings": STAFF,
  "POST /api/sessions/zoom/webhook": "public",
  "GET /api/sessions/bbb/meeting-ended": "public",
  "POST /api/sessions/bbb/recording-ready": "public",
  "GET /api/calendar/feed": "signed-in",
  "POST /api/calendar/feed": "signed-in",
  "DELETE /api/calendar/feed": "signed-in",
  "GET /api/calendar/feed/{token}/sessions.ics": "public",
  // Courses and learning (issue 3). Media and material links are public routes checked by their signature.
  "GET /api/courses/{id}": "public",
  "GET /api/courses/{id}/picture": "public",
  "GET /api/courses/{id}/detail": "signed-in",
  "POST /api/courses": STAFF,
  "PUT /api/courses/{id}": STAFF,
  "DELETE /api/courses/{id}": STAFF,
  "POST /api/courses/{id}/enroll": "signed-in",
  "POST /api/courses/{id}/rating": "signed-in",
  "POST /api/courses/{id}/lessons/{lessonId}/progress": "signed-in",
  "GET /api/courses/{id}/progress": "signed-in",
  // Lesson notes (issue 9): each caller's own; access to the course is checked in the service.
  "GET /api/courses/{id}/lessons/{lessonId}/notes": "signed-in",
  "PUT /api/courses/{id}/lessons/{lessonId}/notes": "signed-in",
  "GET /api/courses/{id}/notes": "signed-in",
  "GET /api/users/enrolled-courses": "signed-in",
  "GET /api/media/{fileId}": "public",
  // SCORM packages (issue 24): launched and saved by readers of the course; files by signed link.
  "GET /api/courses/{id}/lessons/{lessonId}/scorm": "signed-in",
  "PUT /api/courses/{id}/lessons/{lessonId}/scorm/cmi": "signed-in",
  "GET /api/scorm/{packageId}/{userId}/{expires}/{sig}/{*}": "public",
  "GET /api/materials/{materialId}/download": "public",
  "POST /api/categories": ADMINS,
  "PUT /api/categories/{id}": ADMINS,
  "DELETE /api/categories/{id}": ADMINS,
  ...courseArea("/api/instructor", STAFF),
  ...courseArea("/api/admin", ADMINS),
  "PATCH /api/admin/courses/{id}/status": ADMINS,
  "GET /api/admin/courses/{id}/enrollments": ADMINS,
  "GET /api/admin/courses/{id}/enrollment-candidates": ADMINS,
  "POST /api/admin/courses/{id}/enrollments": ADMINS,
  "DELETE /api/admin/courses/{id}/enrollments/{userId}": ADMINS,
  "GET /api/instructor/dashboard/materials": STAFF,
  "GET /api/instructor/materials": STAFF,
  // Instructors manage their own course (issue 9): publishing under the setting, and the review workflow.
  "PATCH /api/instructor/courses/{id}/status": STAFF,
  "GET /api/instructor/courses/{id}/review": STAFF,
  "POST /api/instructor/courses/{id}/review": STAFF,
  "GET /api/admin/courses/reviews": ADMINS,
  "POST /api/admin/courses/{id}/review": ADMINS,
  "GET /api/admin/settings": ADMINS,
  "GET /api/admin/stats": ADMINS,
  // Backups (issue 11): an archive holds every user's data.
  "POST /api/admin/backup": ADMINS,
  "GET /api/admin/backup/history": ADMINS,
  // The archive holds every password hash and two-factor secret: super admins only.
  "GET /api/admin/backup/{id}/download": ["super_admin"],
  "GET /api/admin/jobs": ADMINS,
  "POST /api/admin/jobs/{id}/retry": ADMINS,
  "GET /api/admin/storage/orphans": ADMINS,
  "POST /api/admin/storage/orphans/sweep": ADMINS,
  "GET /api/admin/analytics": ADMINS,
  "GET /api/admin/health": ADMINS,
  "GET /api/admin/activity/recent": ADMINS,
  "PUT /api/admin/settings": ADMINS,
  // Assessments (issue 10): authoring by the course's managers, taking by its enrolled learners.
  "GET /api/instructor/courses/{id}/assessments": STAFF,
  "POST /api/instructor/courses/{id}/assessments": STAFF,
  "PUT /api/instructor/courses/{id}/assessments/{assessmentId}": STAFF,
  "DELETE /api/instructor/courses/{id}/assessments/{assessmentId}": STAFF,
  "GET /api/instructor/courses/{id}/assessments/{assessmentId}/results": STAFF,
  "PUT /api/instructor/courses/{id}/assessments/{assessmentId}/submissions/{submissionId}": STAFF,
  "POST /api/instructor/courses/{id}/assessments/{assessmentId}/regrade": STAFF,
  "GET /api/instructor/courses/{id}/assessments/{assessmentId}/overrides": STAFF,
  "PUT /api/instructor/courses/{id}/assessments/{assessmentId}/overrides/{userId}": STAFF,
  "DELETE /api/instructor/courses/{id}/assessments/{assessmentId}/overrides/{userId}": STAFF,
  "POST /api/admin/courses/{id}/assessments": ADMINS,
  "GET /api/instructor/dashboard/assessments": STAFF,
  // Course analytics, the students' progress list and its CSV, the dashboard's counters (issue 10).
  "GET /api/instructor/courses/{id}/analytics": STAFF,
  "GET /api/instructor/courses/{id}/students/progress": STAFF,
  "GET /api/instructor/courses/{id}/students/progress/export": STAFF,
  "GET /api/instructor/dashboard/stats": STAFF,
  "GET /api/instructor/assessments": STAFF,
  "GET /api/instructor/assessments/{assessmentId}": STAFF,
  "POST /api/instructor/assessments/{assessmentId}/duplicate": STAFF,
  "GET /api/courses/{id}/assessments": "signed-in",
  "GET /api/assessments/{id}": "signed-in",
  "POST /api/assessments/{id}/attempts": "signed-in",
  "GET /api/attempts/{attemptId}": "signed-in",
  "PUT /api/attempts/{attemptId}/answers": "signed-in",
  "POST /api/attempts/{attemptId}/submit": "signed-in",
  "POST /api/attempts/{attemptId}/files/{questionId}": "signed-in",
  "DELETE /api/attempts/{attemptId}/files/{questionId}": "signed-in",
  // The signed, expiring link is the permission (handed only to the learner and the course's managers).
  "GET /api/answer-files/{fileId}": "public",
  // Question images (issue 10): managers upload; the signed link is the permission to read.
  "POST /api/instructor/courses/{id}/assessments/{assessmentId}/questions/{questionId}/image": STAFF,
  "DELETE /api/instructor/courses/{id}/assessments/{assessmentId}/questions/{questionId}/image": STAFF,
  "POST /api/instructor/courses/{id}/assessments/qti": STAFF,
  "GET /api/instructor/courses/{id}/assessments/{assessmentId}/qti": STAFF,
  "GET /api/question-images/{ext}/{fileId}": "public",
  "POST /api/instructor/courses/{id}/question-images": STAFF,
  // The gradebook (issue 10): managers of the course get every learner, an enrolled learner their
  // own row, anyone else 403 (checked per course in gradebook.test.ts); the CSV only for managers.
  "GET /api/courses/{id}/gradebook": "signed-in",
  "GET /api/courses/{id}/gradebook.csv": "signed-in",
  "GET /api/users/grades": "signed-in",
  // The activity log (issue 12): one's own entries for everyone; everyone's and the export for admins.
  "GET /api/activities/my-activities": "signed-in",
  "GET /api/activities/stats": "signed-in",
  "GET /api/activities/types": "signed-in",
  "GET /api/activities/export": ADMINS,
  "DELETE /api/activities/{id}": "signed-in",
  "GET /api/admin/activity-logs": ADMINS,
  // Credits (issue 21): staff grant (instructors to their courses' learners, checked in credits.test.ts);
  // any signed-in user asks a course's teacher, whose managers list and answer the requests.
  "POST /api/credits/grants": STAFF,
  "POST /api/courses/{id}/credit-requests": "signed-in",
  "GET /api/courses/{id}/credit-requests/mine": "signed-in",
  "GET /api/courses/{id}/credit-requests": STAFF,
  "POST /api/credit-requests/{requestId}/grant": STAFF,
  "POST /api/credit-requests/{requestId}/dismiss": STAFF,
  // Course discussions (issue 23): managers and enrolled learners of the course (403 `not enrolled` for
  // anyone else, per course: discussions.test.ts); moderation by the course's managers.
  "GET /api/courses/{id}/discussions": "signed-in",
  "GET /api/courses/{id}/discussions/unread": "signed-in",
  "POST /api/courses/{id}/discussions": "signed-in",
  "GET /api/courses/{id}/discussions/{threadId}": "signed-in",
  "PUT /api/courses/{id}/discussions/{threadId}": "signed-in",
  "DELETE /api/courses/{id}/discussions/{threadId}": "signed-in",
  "POST /api/courses/{id}/discussions/{threadId}/replies": "signed-in",
  "PUT /api/courses/{id}/discussions/{threadId}/replies/{postId}": "signed-in",
  "DELETE /api/courses/{id}/discussions/{threadId}/replies/{postId}": "signed-in",
  "PUT /api/courses/{id}/discussions/{threadId}/accepted": "signed-in",
  "POST /api/courses/{id}/discussions/{threadId}/reports": "signed-in",
  "PUT /api/courses/{id}/discussions/{threadId}/subscription": "signed-in",
  "DELETE /api/courses/{id}/discussions/{threadId}/subscription": "signed-in",
  "PUT /api/courses/{id}/discussions/{threadId}/pinned": STAFF,
  // Live updates (issue 23): one's own events only; the stream opens with a ticket the bearer token buys.
  "POST /api/live/tickets": "signed-in",
  "GET /api/live/stream": "ticket",
  "PUT /api/courses/{id}/discussions/{threadId}/locked": STAFF,
  "PUT /api/courses/{id}/discussion-subscription": STAFF,
  "DELETE /api/courses/{id}/discussion-subscription": STAFF,
  "GET /api/courses/{id}/discussion-reports": STAFF,
  "POST /api/courses/{id}/discussion-reports/{reportId}/dismiss": STAFF,
  "PUT /api/courses/{id}/discussion-settings": STAFF,
  // Certificates (issue 23): verification and the signing keys are public; the files go to the
  // certificate's learner and admins (checked in certificates.test.ts); admins list and revoke.
  "GET /api/certificates/mine": "signed-in",
  "GET /api/certificates/{certificateId}/pdf": "signed-in",
  "GET /api/certificates/{certificateId}/credential": "signed-in",
  "GET /api/certificates/jwks": "public",
  "GET /api/certificates/{certificateId}/verification": "public",
  "POST /api/certificates/verify": "public",
  "GET /api/admin/users/{id}/certificates": ADMINS,
  "POST /api/admin/certificates/{certificateId}/revoke": ADMINS,
  // xAPI statements (issue 25): admins export everyone's by date range; anyone signed in their own.
  "GET /api/admin/xapi/statements": ADMINS,
  "GET /api/xapi/statements/mine": "signed-in",
  // Messages (issue 23): each caller's own conversations (anyone else's is 404), per course rules
  // (messages.test.ts); admins list reported conversations and read only those.
  "GET /api/messages/conversations": "signed-in",
  "GET /api/messages/unread": "signed-in",
  "POST /api/messages/conversations": "signed-in",
  "GET /api/messages/conversations/{conversationId}": "signed-in",
  "POST /api/messages/conversations/{conversationId}/messages": "signed-in",
  "POST /api/messages/conversations/{conversationId}/reports": "signed-in",
  "GET /api/messages/courses": "signed-in",
  "GET /api/courses/{id}/message-recipients": "signed-in",
  "PUT /api/courses/{id}/message-settings": "signed-in",
  "GET /api/admin/messages/reports": ADMINS,
  "GET /api/admin/messages/conversations/{conversationId}": ADMINS,
  // LTI 1.3 (issue 25): admins register tools and rotate keys; a lesson's link is launched by the
  // course's managers and enrolled learners (lti.test.ts). The browser legs (authorization request,
  // deep-linking return) are public routes authorised by the launch's one-time hint or the tool's
  // signature; the JWKS is public; the token endpoint checks the tool's signed client assertion.
  "GET /api/admin/lti/tools": ADMINS,
  "POST /api/admin/lti/tools": ADMINS,
  "PUT /api/admin/lti/tools/{toolId}": ADMINS,
  "DELETE /api/admin/lti/tools/{toolId}": ADMINS,
  "POST /api/admin/lti/keys/rotate": ADMINS,
  "POST /api/courses/{id}/lessons/{lessonId}/lti/{linkId}/launch": "signed-in",
  "GET /api/lti/authorize": "public",
  "POST /api/lti/authorize": "public",
  "POST /api/lti/deep-linking/return": "public",
  "GET /api/lti/jwks": "public",
  "POST /api/lti/token": "public",
  // The tools' services take the tool's access token from /api/lti/token, never a user's (lti.test.ts).
  "GET /api/lti/courses/{courseId}/line-items": "ticket",
  "POST /api/lti/courses/{courseId}/line-items": "ticket",
  "GET /api/lti/courses/{courseId}/line-items/{lineItemId}": "ticket",
  "PUT /api/lti/courses/{courseId}/line-items/{lineItemId}": "ticket",
  "DELETE /api/lti/courses/{courseId}/line-items/{lineItemId}": "ticket",
  "POST /api/lti/courses/{courseId}/line-items/{lineItemId}/scores": "ticket",
  "GET /api/lti/courses/{courseId}/line-items/{lineItemId}/results": "ticket",
  "GET /api/lti/courses/{courseId}/memberships": "ticket",
};

const ROLES: Role[] = ["learner", "instructor", "admin", "super_admin"];

let t: TestContext;
let headers: Record<Role, Record<string, string>>;
async function signInEveryRole() {
  const entries = await Promise.all(
    ROLES.map(async (role) => [role, (await makeSignedInUser(t.app, t.db, role)).auth]),
  );
  headers = Object.fromEntries(entries);
}
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  await signInEveryRole();
});
/** Routes that end the caller's session: the next route gets fresh ones. */
const ENDS_SESSION = new Set(["POST /api/auth/logout", "POST /api/users/me/sign-out-others"]);
afterAll(() => t.close());

function registeredRoutes(): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([route, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
  );
}

describe("authorization matrix", () => {
  it("has an entry for every registered route", () => {
    const missing = registeredRoutes().filter((route) => !(route in MATRIX));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(MATRIX))("%s lets in exactly who it should", async (route, access) => {
    const [method, pathTemplate] = route.split(" ");
    const url = pathTemplate.replace(/\{[^}]+\}/g, "0123456789abcdef01234567");
    const call = (extra: Record<string, string>) =>
      t.app.inject({ method: method as "GET", url, headers: extra, ...(method === "GET" ? {} : { payload: {} }) });

    const anonymous = await call({});
    if (access === "ticket") {
      for (const role of ROLES) expect((await call(headers[role])).statusCode, `${role} without a ticket`).toBe(401);
      expect(anonymous.statusCode).toBe(401);
      return;
    }
    if (access === "public") expect([401, 403]).not.toContain(anonymous.statusCode);
    else expect(anonymous.statusCode).toBe(401);

    for (const role of ROLES) {
      const response = await call(headers[role]);
      const allowed = access === "public" || access === "signed-in" || access.includes(role);
      if (allowed) expect([401, 403], `${role} should be let in`).not.toContain(response.statusCode);
      else expect(response.statusCode, `${role} should be refused`).toBe(403);
    }
    if (ENDS_SESSION.has(route)) await signInEveryRole();
  });
});
