import { DEFAULT_PREFERENCES, PREFERENCE_MESSAGES, type Preferences } from "@lms/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { createAssessment } from "./support/assessments.js";
import { makeCourse, makeEnrolledLearner, makeSignedInUser } from "./support/factories.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: "PUT", url: "/api/users/me/preferences", headers: auth, payload: payload as object });
const get = (auth: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/users/me/preferences", headers: auth });

const mine: Preferences = {
  notifications: { email: false, push: false, inApp: true },
  language: "fr",
  timezone: "Asia/Tokyo",
  theme: "dark",
  compactMode: true,
  profileVisibility: "private",
};

describe("/api/users/me/preferences", () => {
  it("starts from the defaults and keeps what was saved, for this user only", async () => {
    const a = await makeSignedInUser(t.app, t.db);
    const b = await makeSignedInUser(t.app, t.db);
    expect((await get(a.auth)).json().data).toEqual({ preferences: DEFAULT_PREFERENCES, updatedAt: null });
    const saved = await put(a.auth, mine);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(PREFERENCE_MESSAGES.saved.text);
    expect((await get(a.auth)).json().data).toEqual({ preferences: mine, updatedAt: saved.json().data.updatedAt });
    expect((await get(b.auth)).json().data.preferences).toEqual(DEFAULT_PREFERENCES);
    expect((await t.app.inject({ method: "GET", url: "/api/users/me/preferences" })).statusCode).toBe(401);
  });

  it("refuses a zone off the list, an unknown key, a missing field or a wrong type, and keeps the saved ones", async () => {
    const { auth } = await makeSignedInUser(t.app, t.db);
    await put(auth, mine);
    const bad = [
      { ...mine, timezone: "Mars/Olympus" },
      { ...mine, language: "tlh" },
      { ...mine, extra: true },
      { ...mine, notifications: { email: true, push: false } },
      { ...mine, compactMode: "yes" },
      { ...mine, theme: "sepia" },
      [mine],
    ];
    for (const payload of bad) expect((await put(auth, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await put(auth, "not json")).statusCode).toBe(415);
    expect((await get(auth)).json().data.preferences).toEqual(mine);
  });
});

describe("the e-mail preference", () => {
  it("stops notification e-mails (a grade) to a user who turned them off, and only to them", async () => {
    const instructor = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: instructor.user.id });
    const quiet = await makeEnrolledLearner(t.app, t.db, course.id);
    const loud = await makeEnrolledLearner(t.app, t.db, course.id);
    await put(quiet.auth, { ...DEFAULT_PREFERENCES, notifications: { email: false, push: false, inApp: true } });
    const assessment = await createAssessment(t.app, course.id, instructor.auth, {
      title: "Essay",
      questions: [{ type: "essay", text: "Explain.", points: 5 }],
    });
    for (const learner of [quiet, loud]) {
      const started = await t.app.inject({
        method: "POST",
        url: `/api/assessments/${assessment._id}/attempts`,
        headers: learner.auth,
      });
      const attempt = started.json().data.attempt;
      await t.app.inject({ method: "POST", url: `/api/attempts/${attempt._id}/submit`, headers: learner.auth });
      const graded = await t.app.inject({
        method: "PUT",
        url: `/api/instructor/courses/${course.id}/assessments/${assessment._id}/submissions/${attempt._id}`,
        headers: instructor.auth,
        payload: { grades: [{ questionId: attempt.questions[0]._id, points: 4, feedback: "Good." }] },
      });
      expect(graded.statusCode).toBe(200);
    }
    await vi.waitFor(() => expect(t.mails.some((m) => m.to === loud.user.email)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.mails.some((m) => m.to === quiet.user.email)).toBe(false);
  });
});

describe("GET /api/users/{id}/profile and profile visibility", () => {
  it("shows a public profile to everyone signed in, a private one only to its owner, instructors and admins", async () => {
    const owner = await makeSignedInUser(t.app, t.db);
    const learner = await makeSignedInUser(t.app, t.db);
    const instructor = await makeSignedInUser(t.app, t.db, "instructor");
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const view = (auth: Record<string, string>) =>
      t.app.inject({ method: "GET", url: `/api/users/${owner.user.id}/profile`, headers: auth });

    const open = await view(learner.auth);
    expect(open.statusCode).toBe(200);
    expect(open.json().data.profile).toMatchObject({ _id: owner.user.id, name: owner.user.name });
    expect(open.body).not.toContain(owner.user.email);

    await put(owner.auth, { ...DEFAULT_PREFERENCES, profileVisibility: "private" });
    const hidden = await view(learner.auth);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe(PREFERENCE_MESSAGES.profilePrivate.text);
    for (const viewer of [owner, instructor, admin]) expect((await view(viewer.auth)).statusCode).toBe(200);
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/users/0123456789abcdef01234567/profile",
      headers: learner.auth,
    });
    expect(missing.statusCode).toBe(404);
  });
});
