import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./support/app.js";
import { login, makeCourse, makeEnrolledLearner, makeLesson, makeSignedInUser, makeUser } from "./support/factories.js";
import { multipart, PDF } from "./support/multipart.js";

// The entry types issue 12 added: each written by its action, with the snapshots and what changed.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1000" } });
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH", url: string, auth: object, payload?: object) =>
  t.app.inject({ method, url, headers: auth as Record<string, string>, ...(payload ? { payload } : {}) });
const entries = (userId: string, type: string) =>
  t.db.selectFrom("activities").selectAll().where("user_id", "=", userId).where("type", "=", type).execute();
const meta = (row: { metadata: string | null }) => JSON.parse(row.metadata ?? "null");

describe("entries written by their actions", () => {
  it("course_view: opening a course's detail, with the course's title and code", async () => {
    const course = await makeCourse(t.db, { title: "Optics", course_code: "PHY-101" });
    const learner = await makeEnrolledLearner(t.app, t.db, course.id);
    expect((await call("GET", `/api/courses/${course.id}/detail`, learner.auth)).statusCode).toBe(200);
    await t.app.viewLog.flush();
    const [view] = await entries(learner.user.id, "course_view");
    expect(view).toMatchObject({
      course_id: course.id,
      course_title: "Optics",
      course_code: "PHY-101",
      user_role: "learner",
    });
    expect(view.user_name).toBe(learner.user.name);
  });

  it("course_view is not written when the detail is refused", async () => {
    const course = await makeCourse(t.db);
    const { user, auth } = await makeSignedInUser(t.app, t.db);
    expect((await call("GET", `/api/courses/${course.id}/detail`, auth)).statusCode).toBe(403);
    await t.app.viewLog.flush();
    expect(await entries(user.id, "course_view")).toEqual([]);
  });

  it("payment_made: credits spent on a paid enrollment, none for a free one", async () => {
    const paid = await makeCourse(t.db, { price_credits: 30 });
    const free = await makeCourse(t.db);
    const learner = await makeUser(t.db, { credits: 100 });
    const { auth } = await login(t.app, learner);
    expect((await call("POST", `/api/courses/${free.id}/enroll`, auth)).statusCode).toBeLessThan(300);
    expect(await entries(learner.id, "payment_made")).toEqual([]);
    expect((await call("POST", `/api/courses/${paid.id}/enroll`, auth)).statusCode).toBeLessThan(300);
    const [payment] = await entries(learner.id, "payment_made");
    expect(payment).toMatchObject({ title: "Paid 30 credits", course_id: paid.id });
    expect(meta(payment)).toMatchObject({ credits: 30 });
  });

  it("admin_action: creating, changing and deleting a user, with what changed (never the password)", async () => {
    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const created = await call("POST", "/api/admin/users", admin.auth, {
      name: "Grace Hopper",
      email: "grace@example.test",
      password: "Passw0rd!",
      role: "learner",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.user._id;
    const update = await call("PUT", `/api/admin/users/${id}`, admin.auth, {
      name: "Grace Brewster",
      credits: 5,
      password: "N3wPassw0rd!",
    });
    expect(update.statusCode).toBe(200);
    expect((await call("DELETE", `/api/admin/users/${id}`, admin.auth)).statusCode).toBe(200);
    const actions = await entries(admin.user.id, "admin_action");
    expect(actions.map((a) => meta(a).action)).toEqual(["user_create", "user_update", "user_delete"]);
    expect(meta(actions[1]).changes).toEqual({
      name: { from: "Grace Hopper", to: "Grace Brewster" },
      credits: { from: 0, to: 5 },
      password_hash: { from: "(hidden)", to: "(changed)" },
    });
    expect(actions.every((a) => a.user_role === "admin")).toBe(true);
  });

  it("instructor_action: an instructor's course changes; the entry outlives the course", async () => {
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: teacher.user.id, title: "Old Title", course_code: "OLD-9" });
    const put = await call("PUT", `/api/instructor/courses/${course.id}`, teacher.auth, {
      title: "New Title",
      duration: 90,
    });
    expect(put.statusCode).toBe(200);
    expect((await call("DELETE", `/api/instructor/courses/${course.id}`, teacher.auth)).statusCode).toBe(200);
    const actions = await entries(teacher.user.id, "instructor_action");
    expect(actions.map((a) => meta(a).action)).toEqual(["course_update", "course_delete"]);
    expect(meta(actions[0]).changes).toEqual({
      title: { from: "Old Title", to: "New Title" },
      duration: { from: 60, to: 90 },
    });
    expect(actions[1]).toMatchObject({ course_id: null, course_title: "New Title", course_code: "OLD-9" });
  });

  it("instructor_action: module and lesson changes, with what changed", async () => {
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
    const base = `/api/instructor/courses/${course.id}/modules`;
    const created = await call("POST", base, teacher.auth, { title: "Week one" });
    expect(created.statusCode).toBe(201);
    const moduleId = created.json().data.module._id;
    expect((await call("PUT", `${base}/${moduleId}`, teacher.auth, { title: "Week 1" })).statusCode).toBe(200);
    expect((await call("DELETE", `${base}/${moduleId}`, teacher.auth)).statusCode).toBe(200);
    const actions = await entries(teacher.user.id, "instructor_action");
    expect(actions.map((a) => meta(a).action)).toEqual(["module_create", "module_update", "module_delete"]);
    expect(meta(actions[1]).changes).toEqual({ title: { from: "Week one", to: "Week 1" } });
    expect(actions[2]).toMatchObject({ title: "Deleted module Week 1", course_code: course.course_code });
  });

  const actionsOf = async (userId: string, type = "instructor_action") =>
    (await entries(userId, type)).map((row) => ({ ...row, meta: meta(row) }));
  const upload = (url: string, auth: object, fields: Record<string, string>, file: Parameters<typeof multipart>[1]) => {
    const body = multipart(fields, file);
    return t.app.inject({
      method: "POST",
      url,
      headers: { ...(auth as Record<string, string>), ...body.headers },
      payload: body.payload,
    });
  };

  it("instructor_action: lesson files, materials and announcements, each with its course", async () => {
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: teacher.user.id, course_code: "MAT-1" });
    const lesson = await makeLesson(t.db, { course_id: course.id });
    const lessonUrl = `/api/instructor/courses/${course.id}/modules/${lesson.module_id}/lessons/${lesson.id}/content`;
    expect(
      (await upload(lessonUrl, teacher.auth, {}, { field: "content", filename: "notes.pdf", content: PDF })).statusCode,
    ).toBe(201);

    const materials = `/api/instructor/courses/${course.id}/materials`;
    const material = await upload(
      materials,
      teacher.auth,
      { title: "Slides" },
      {
        field: "material",
        filename: "slides.pdf",
        content: PDF,
      },
    );
    expect(material.statusCode).toBe(201);
    const materialId = material.json().data.material._id;
    expect((await call("PUT", `${materials}/${materialId}`, teacher.auth, { title: "Slides v2" })).statusCode).toBe(
      200,
    );
    expect((await call("DELETE", `${materials}/${materialId}`, teacher.auth)).statusCode).toBe(200);

    const announcements = `/api/instructor/courses/${course.id}/announcements`;
    const posted = await call("POST", announcements, teacher.auth, {
      title: "Room change",
      description: "B12",
      content: "Bring a laptop.",
    });
    expect(posted.statusCode).toBe(201);
    const announcementId = posted.json().data.announcement._id;
    expect(
      (await call("PUT", `${announcements}/${announcementId}`, teacher.auth, { title: "Room B12" })).statusCode,
    ).toBe(200);
    expect((await call("DELETE", `${announcements}/${announcementId}`, teacher.auth)).statusCode).toBe(200);

    const actions = await actionsOf(teacher.user.id);
    expect(actions.map((a) => a.meta.action).sort()).toEqual(
      [
        "lesson_file_upload",
        "material_create",
        "material_update",
        "material_delete",
        "announcement_create",
        "announcement_update",
        "announcement_delete",
      ].sort(),
    );
    for (const action of actions) expect(action).toMatchObject({ course_id: course.id, course_code: "MAT-1" });
    const byAction = (name: string) => actions.find((a) => a.meta.action === name);
    expect(byAction("lesson_file_upload")?.title).toBe("Uploaded file notes.pdf");
    expect(byAction("material_update")?.meta.changes).toEqual({ title: { from: "Slides", to: "Slides v2" } });
    expect(byAction("announcement_update")?.meta.changes).toEqual({ title: { from: "Room change", to: "Room B12" } });
  });

  it("instructor_action: sessions and assessments; admin_action: categories", async () => {
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
    const scheduled = await call("POST", "/api/sessions", teacher.auth, {
      courseId: course.id,
      title: "Week 1 live class",
      scheduledAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
    });
    expect(scheduled.statusCode).toBe(201);
    const sessionId = scheduled.json().data.session._id;
    expect(
      (await call("PUT", `/api/sessions/${sessionId}`, teacher.auth, { title: "Week 1 (moved)" })).statusCode,
    ).toBe(200);
    expect((await call("PUT", `/api/sessions/${sessionId}`, teacher.auth, { status: "cancelled" })).statusCode).toBe(
      200,
    );
    expect((await call("DELETE", `/api/sessions/${sessionId}`, teacher.auth)).statusCode).toBe(200);

    const assessments = `/api/instructor/courses/${course.id}/assessments`;
    const created = await call("POST", assessments, teacher.auth, { title: "Quiz 1", totalPoints: 50 });
    expect(created.statusCode).toBe(201);
    const assessmentId = created.json().data.assessment._id;
    expect((await call("PUT", `${assessments}/${assessmentId}`, teacher.auth, { title: "Quiz one" })).statusCode).toBe(
      200,
    );
    expect((await call("DELETE", `${assessments}/${assessmentId}`, teacher.auth)).statusCode).toBe(200);

    const actions = await actionsOf(teacher.user.id);
    expect(actions.map((a) => a.meta.action).sort()).toEqual(
      [
        "session_create",
        "session_update",
        "session_cancel",
        "session_delete",
        "assessment_create",
        "assessment_update",
        "assessment_delete",
      ].sort(),
    );
    const byAction = (name: string) => actions.find((a) => a.meta.action === name);
    expect(byAction("session_update")?.meta.changes).toEqual({
      title: { from: "Week 1 live class", to: "Week 1 (moved)" },
    });
    expect(byAction("assessment_update")?.meta.changes).toMatchObject({ title: { from: "Quiz 1", to: "Quiz one" } });
    expect(byAction("session_delete")).toMatchObject({
      course_id: course.id,
      title: "Deleted session: Week 1 (moved)",
    });

    const admin = await makeSignedInUser(t.app, t.db, "admin");
    const category = await call("POST", "/api/categories", admin.auth, { name: `Optics ${Date.now()}` });
    expect(category.statusCode).toBe(201);
    const categoryId = category.json().data.category._id;
    expect(
      (await call("PUT", `/api/categories/${categoryId}`, admin.auth, { name: `Photonics ${Date.now()}` })).statusCode,
    ).toBe(200);
    expect((await call("DELETE", `/api/categories/${categoryId}`, admin.auth)).statusCode).toBe(200);
    const adminActions = await actionsOf(admin.user.id, "admin_action");
    expect(adminActions.map((a) => a.meta.action).sort()).toEqual([
      "category_create",
      "category_delete",
      "category_update",
    ]);
  });

  it("a refused management change writes no entry", async () => {
    const teacher = await makeSignedInUser(t.app, t.db, "instructor");
    const stranger = await makeSignedInUser(t.app, t.db, "instructor");
    const course = await makeCourse(t.db, { instructor_id: teacher.user.id });
    const announcements = `/api/instructor/courses/${course.id}/announcements`;
    expect(
      (await call("POST", announcements, stranger.auth, { title: "Nope", description: "x", content: "x" })).statusCode,
    ).toBe(403);
    expect(
      (await call("POST", `/api/instructor/courses/${course.id}/assessments`, stranger.auth, { title: "Nope" }))
        .statusCode,
    ).toBe(403);
    expect(await entries(stranger.user.id, "instructor_action")).toEqual([]);
  });
});
