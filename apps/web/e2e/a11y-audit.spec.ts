import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { audit, auditDialog, auditScreen, auditTabs, settled, signInByApi, violations } from "./support/axe";
import { apiAs, createCourseWithModule, publish, unique } from "./support/courses";

/**
 * Issue 12's accessibility audit: every screen of the route table, signed out and as each role, in the
 * light and the dark theme, with its tabs and dialogs opened: no WCAG 2.1 AA violation that axe finds.
 */
test.describe.configure({ mode: "parallel", timeout: 360_000 });
test.use({ reducedMotion: "reduce" });

/** A published course of the demo instructor with content of every kind, the demo learner enrolled. */
async function seed(request: APIRequestContext) {
  const { courseId, moduleId, instructor } = await createCourseWithModule(request, `Audited ${unique()}`);
  const base = `/instructor/courses/${courseId}`;
  const { lesson } = await instructor.post<{ lesson: { _id: string } }>(`${base}/modules/${moduleId}/lessons`, {
    title: "First steps",
  });
  await instructor.post(`${base}/announcements`, { title: "Welcome", content: "Glad to have you." });
  await instructor.form(`${base}/materials`, { title: "Reading list", description: "", url: "https://example.com/" });
  const { assessment } = await instructor.post<{ assessment: { _id: string } }>(`${base}/assessments`, {
    title: "Warm-up quiz",
    type: "quiz",
    published: true,
    dueDate: "2030-01-15T10:00:00Z",
    questions: [
      { type: "true_false", text: "The sun is a star", points: 1, correct: true },
      { type: "short_answer", text: "The capital of France?", points: 1, acceptedAnswers: ["Paris"] },
    ],
  });
  await publish(request, courseId);
  await instructor.post("/sessions", {
    courseId,
    title: "Kick-off",
    description: "The first live session.",
    scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    duration: 60,
    type: "review",
    maxParticipants: null,
  });
  await (await apiAs(request, DEMO.learner)).post(`/courses/${courseId}/enroll`);
  return { courseId, lessonId: lesson._id, assessmentId: assessment._id };
}

/** Opens the nav bar's user menu, audits it, then its Logout confirmation, and closes both. */
async function auditUserMenuAndLogout(page: Page, label: string) {
  await page.getByRole("button", { name: "User menu" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await audit(page, `${label} user menu`);
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByRole("alertdialog", { name: "Confirm Logout" })).toBeVisible();
  await audit(page, `${label} Confirm Logout`);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(page.getByRole("button", { name: "User menu" })).toBeFocused();
}

const mainButton = (page: Page, name: string | RegExp) =>
  page.getByRole("main").getByRole("button", { name, exact: true }).first();

test("the audit reports what axe finds, in the page and inside a frame", async ({ page }) => {
  await page.goto("/login");
  await settled(page);
  expect(await violations(page, "sign-in")).toEqual([]);
  await page.evaluate(() =>
    document
      .querySelector("main")
      ?.insertAdjacentHTML("beforeend", '<img src="/x.png"><p style="color:#777;background:#888">faint</p>'),
  );
  const inPage = await violations(page, "broken");
  expect(inPage.some((line) => line.includes("image-alt at img"))).toBe(true);
  expect(inPage.some((line) => line.includes("color-contrast"))).toBe(true);
  await page.evaluate(() =>
    document.querySelector("main")?.insertAdjacentHTML("beforeend", '<iframe srcdoc="<img src=x.png>"></iframe>'),
  );
  await expect.poll(() => page.frames().length).toBe(2);
  await expect(page.frameLocator("iframe").locator("img")).toBeAttached();
  const framed = await violations(page, "framed");
  expect(framed.some((line) => line.includes("frame-title"))).toBe(true);
  expect(framed.some((line) => line.includes("image-alt at iframe img"))).toBe(true);
});

test.describe("signed out", () => {
  test("home, sign-in, registration, password reset request, catalogue", async ({ page }) => {
    for (const path of ["/", "/login", "/register", "/forgot-password", "/courses"]) {
      await auditScreen(page, path);
    }
  });

  test("a course's public page and the lesson viewer", async ({ page, request }) => {
    const { courseId, lessonId } = await seed(request);
    await auditScreen(page, `/courses/${courseId}`, "public course");
    await auditScreen(page, `/courses/${courseId}/lessons/${lessonId}`, "lesson viewer");
  });

  test("reset and e-mail confirmation links, and the small-screen menu", async ({ page }) => {
    for (const path of [`/reset-password/${"ab".repeat(32)}`, `/confirm-email/${"ab".repeat(32)}`]) {
      await page.goto(path);
      await expect(page.locator("main h1, main [role=alert]").first()).toBeVisible();
      await audit(page, path.split("/")[1]);
    }
    await page.setViewportSize({ width: 360, height: 800 });
    await auditScreen(page, "/");
    await page.getByRole("button", { name: "Toggle menu" }).click();
    await audit(page, "small-screen menu");
  });
});

test.describe("learner", () => {
  test.beforeEach(({ page }) => signInByApi(page, DEMO.learner));

  test("dashboard, user menu, Logout and notifications, catalogue", async ({ page }) => {
    await auditScreen(page, "/dashboard", "learner dashboard");
    await auditUserMenuAndLogout(page, "learner");
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
    await audit(page, "learner notifications");
    await page.keyboard.press("Escape");
    await auditScreen(page, "/courses", "learner catalogue");
  });

  test("an enrolled course's tabs", async ({ page, request }) => {
    const { courseId } = await seed(request);
    await auditScreen(page, `/courses/${courseId}`, "learner course");
    await auditTabs(page, "learner course");
  });

  test("a lesson's tabs, and an assessment with its Submit dialog", async ({ page, request }) => {
    const { courseId, lessonId, assessmentId } = await seed(request);
    await auditScreen(page, `/courses/${courseId}/lessons/${lessonId}`, "learner lesson");
    await auditTabs(page, "learner lesson");
    await auditScreen(page, `/courses/${courseId}/assessments/${assessmentId}`, "learner assessment");
    await auditDialog(page, page.getByRole("button", { name: "Submit assessment" }), "learner Submit assessment");
  });

  test("activity, 404, profile and its dialogs, settings and two-factor", async ({ page }) => {
    for (const path of ["/activity", "/no-such-page", "/profile"]) {
      await auditScreen(page, path, `learner ${path}`);
    }
    for (const name of ["Edit Profile", "Change Password", "Change E-mail"]) {
      await auditDialog(page, mainButton(page, name), `learner ${name}`);
    }
    await auditScreen(page, "/settings", "learner /settings");
    await auditDialog(page, mainButton(page, "Turn on"), "learner two-factor");
  });
});

test.describe("instructor", () => {
  test.beforeEach(({ page }) => signInByApi(page, DEMO.instructor));

  test("dashboard, Logout, sessions and materials screens", async ({ page }) => {
    await auditScreen(page, "/instructor/dashboard", "instructor dashboard");
    await auditUserMenuAndLogout(page, "instructor");
    for (const path of [
      "/instructor/sessions",
      "/instructor/sessions/new",
      "/instructor/materials",
      "/instructor/materials/new",
    ]) {
      await auditScreen(page, path, `instructor ${path}`);
    }
  });

  test("assessment screens, the editor's dialogs and its unsaved-changes dialog", async ({ page, request }) => {
    const { courseId, assessmentId } = await seed(request);
    for (const path of ["/instructor/assessments", "/instructor/assessments/new"]) {
      await auditScreen(page, path, `instructor ${path}`);
    }
    await auditScreen(page, `/instructor/courses/${courseId}/assessments/${assessmentId}/grade`, "grading");
    await auditScreen(page, `/instructor/assessments/${assessmentId}/edit`, "assessment editor");
    for (const name of ["Copy from another assessment", "Preview as a learner"]) {
      await auditDialog(page, mainButton(page, name), `instructor ${name}`);
    }
    await page.getByLabel("Title").fill("Warm-up quiz, revised");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses" }).click();
    await expect(page.getByRole("alertdialog", { name: "Leave without saving?" })).toBeVisible();
    await audit(page, "instructor unsaved changes");
  });

  test("a course they teach, tab by tab", async ({ page, request }) => {
    const { courseId } = await seed(request);
    await auditScreen(page, `/instructor/courses/${courseId}`, "instructor course");
    await auditTabs(page, "instructor course");
  });

  test("a course's module and lesson dialogs", async ({ page, request }) => {
    const { courseId } = await seed(request);
    await auditScreen(page, `/instructor/courses/${courseId}`, "instructor course");
    const tab = (name: string) => page.getByRole("tab", { name }).click();
    await tab("Content");
    for (const name of [
      "Add Module",
      "Edit module Getting started",
      "Add Lesson to Getting started",
      "Delete lesson First steps",
    ]) {
      await auditDialog(page, mainButton(page, name), `instructor ${name}`);
    }
  });

  test("a course's announcement, material and session dialogs", async ({ page, request }) => {
    const { courseId } = await seed(request);
    await auditScreen(page, `/instructor/courses/${courseId}`, "instructor course");
    const tab = (name: string) => page.getByRole("tab", { name }).click();
    await tab("Overview");
    await auditDialog(page, mainButton(page, "New Announcement"), "instructor New Announcement");
    await tab("Materials");
    await auditDialog(page, mainButton(page, "Upload Material"), "instructor Upload Material");
    await tab("Sessions");
    await auditDialog(page, mainButton(page, "Schedule Session"), "instructor Schedule Session");
    await auditDialog(page, mainButton(page, /^Delete: /), "instructor Delete session");
  });
});

for (const role of ["admin", "superAdmin"] as const) {
  test.describe(role, () => {
    test.beforeEach(({ page }) => signInByApi(page, DEMO[role]));

    test("dashboard tabs, user menu, Logout, Generate Reports", async ({ page }) => {
      await auditScreen(page, "/admin/dashboard", `${role} dashboard`);
      await auditTabs(page, `${role} dashboard`);
      await auditUserMenuAndLogout(page, role);
      await page.getByRole("tab", { name: "Overview" }).click();
      await auditDialog(page, mainButton(page, "Generate Reports"), `${role} Generate Reports`);
    });

    test("reviews, notifications, activity, profile, settings, catalogue and Create Course", async ({ page }) => {
      for (const path of [
        "/admin/reviews",
        "/admin/notifications",
        "/activity",
        "/profile",
        "/settings",
        "/admin/settings",
        "/courses",
      ]) {
        await auditScreen(page, path, `${role} ${path}`);
      }
      await auditDialog(page, mainButton(page, "Create Course"), `${role} Create Course`);
    });

    test("a course's Settings tab and its Danger Zone", async ({ page, request }) => {
      const { courseId } = await seed(request);
      await auditScreen(page, `/instructor/courses/${courseId}`, `${role} course`);
      await page.getByRole("tab", { name: "Settings" }).click();
      await auditDialog(page, mainButton(page, "Delete Course"), `${role} Danger Zone`);
    });

    test("user management and its dialogs", async ({ page }) => {
      await auditScreen(page, "/admin/users", `${role} /admin/users`);
      await page.getByRole("main").getByPlaceholder("Search by name or email").fill(DEMO.learner.email);
      await expect(mainButton(page, `Edit ${DEMO.learner.name}`)).toBeVisible();
      for (const name of ["Create User", "Import CSV", `Edit ${DEMO.learner.name}`, `Delete ${DEMO.learner.name}`]) {
        await auditDialog(page, mainButton(page, name), `${role} ${name}`);
      }
    });
  });
}
