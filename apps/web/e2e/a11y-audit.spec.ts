import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { audit, auditDialog, auditScreen, auditTabs, settled } from "./support/axe";
import { apiAs, createCourseWithModule, publish, unique } from "./support/courses";

/**
 * Issue 12's accessibility audit: every screen of the route table, signed out and as each role, in the
 * light and the dark theme, with its tabs and dialogs opened: no WCAG 2.1 AA violation that axe finds.
 */
test.describe.configure({ mode: "parallel" });
test.use({ reducedMotion: "reduce" });

interface Seeded {
  courseId: string;
  lessonId: string;
  assessmentId: string;
}

/** A published course of the demo instructor with content of every kind, the demo learner enrolled. */
async function seed(request: APIRequestContext): Promise<Seeded> {
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

async function auditBell(page: Page, label: string) {
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
  await audit(page, `${label} notifications`);
  await page.keyboard.press("Escape");
}

test("signed out: every public screen, and the small-screen menu", async ({ page, request }) => {
  test.setTimeout(180_000);
  const { courseId, lessonId } = await seed(request);
  for (const path of ["/", "/login", "/register", "/forgot-password", "/courses", `/courses/${courseId}`]) {
    await auditScreen(page, path);
  }
  await auditScreen(page, `/courses/${courseId}/lessons/${lessonId}`, "lesson viewer");
  for (const path of [`/reset-password/${"ab".repeat(32)}`, `/confirm-email/${"ab".repeat(32)}`]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await audit(page, path.split("/")[1]);
  }
  await page.setViewportSize({ width: 360, height: 800 });
  await auditScreen(page, "/");
  await page.getByRole("button", { name: "Toggle menu" }).click();
  await audit(page, "small-screen menu");
});

test("learner: dashboard, catalogue, course and lesson, assessment, activity, profile, settings, 404", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { courseId, lessonId, assessmentId } = await seed(request);
  await signIn(page, DEMO.learner);
  await settled(page);
  await audit(page, "learner dashboard");
  await auditUserMenuAndLogout(page, "learner");
  await auditBell(page, "learner");
  await auditScreen(page, "/courses");
  await auditScreen(page, `/courses/${courseId}`, "learner course");
  await auditTabs(page, "learner course");
  await auditScreen(page, `/courses/${courseId}/lessons/${lessonId}`, "learner lesson");
  await auditTabs(page, "learner lesson");
  await auditScreen(page, `/courses/${courseId}/assessments/${assessmentId}`, "learner assessment");
  await auditDialog(page, page.getByRole("button", { name: "Submit assessment" }), "learner Submit assessment");
  for (const path of ["/activity", "/profile", "/settings", "/no-such-page"]) {
    await auditScreen(page, path, `learner ${path}`);
  }
  await page.goto("/profile");
  await settled(page);
  for (const name of ["Edit Profile", "Change Password", "Change E-mail"]) {
    await auditDialog(page, page.getByRole("button", { name }), `learner ${name}`);
  }
  await page.goto("/settings");
  await settled(page);
  await auditDialog(page, page.getByRole("button", { name: "Turn on", exact: true }), "learner two-factor");
});

test("instructor: dashboard, sessions, materials, assessments, a course they teach, grading", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { courseId, assessmentId } = await seed(request);
  await signIn(page, DEMO.instructor);
  await settled(page);
  await audit(page, "instructor dashboard");
  await auditUserMenuAndLogout(page, "instructor");
  for (const path of [
    "/instructor/sessions",
    "/instructor/sessions/new",
    "/instructor/materials",
    "/instructor/materials/new",
    "/instructor/assessments",
    "/instructor/assessments/new",
    `/instructor/assessments/${assessmentId}/edit`,
    `/instructor/courses/${courseId}/assessments/${assessmentId}/grade`,
  ]) {
    await auditScreen(page, path, `instructor ${path.replace(/[0-9a-f]{24}/g, ":id")}`);
  }
  await auditScreen(page, `/instructor/courses/${courseId}`, "instructor course");
  await auditTabs(page, "instructor course");
  const tab = (name: string) => page.getByRole("tab", { name }).click();
  const button = (name: string) => page.getByRole("main").getByRole("button", { name, exact: true }).first();
  await tab("Content");
  for (const name of ["Add Module", "Edit module Getting started", "Add Lesson to Getting started"]) {
    await auditDialog(page, button(name), `instructor ${name}`);
  }
  await auditDialog(page, button("Delete lesson First steps"), "instructor Delete Lesson");
  await tab("Overview");
  await auditDialog(page, button("New Announcement"), "instructor New Announcement");
  await tab("Materials");
  await auditDialog(page, button("Upload Material"), "instructor Upload Material");
  await tab("Sessions");
  await auditDialog(page, button("Schedule Session"), "instructor Schedule Session");
  await auditDialog(page, button("Delete"), "instructor Delete session");
  await tab("Settings");
  await auditDialog(page, button("Delete Course"), "instructor Danger Zone");

  await auditScreen(page, `/instructor/assessments/${assessmentId}/edit`, "instructor assessment editor");
  for (const name of ["Copy from another assessment", "Preview as a learner"]) {
    await auditDialog(page, button(name), `instructor ${name}`);
  }
  await page.getByLabel("Title").fill("Warm-up quiz, revised");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses" }).click();
  await expect(page.getByRole("alertdialog", { name: "Leave without saving?" })).toBeVisible();
  await audit(page, "instructor unsaved changes");
  await page.keyboard.press("Escape");
});

for (const role of ["admin", "superAdmin"] as const) {
  test(`${role}: dashboard, users, reviews, notifications, activity, profile, settings`, async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, DEMO[role]);
    await settled(page);
    await auditTabs(page, `${role} dashboard`);
    await auditUserMenuAndLogout(page, role);
    await page.getByRole("tab", { name: "Overview" }).click();
    await auditDialog(page, page.getByRole("button", { name: "Generate Reports" }), `${role} Generate Reports`);
    for (const path of ["/admin/reviews", "/admin/notifications", "/activity", "/profile", "/settings", "/courses"]) {
      await auditScreen(page, path, `${role} ${path}`);
    }
    await auditDialog(page, page.getByRole("button", { name: "Create Course" }), `${role} Create Course`);
    await auditScreen(page, "/admin/users", `${role} /admin/users`);
    const users = page.getByRole("main");
    await users.getByPlaceholder("Search by name or email").fill(DEMO.learner.email);
    await expect(users.getByRole("button", { name: `Edit ${DEMO.learner.name}` })).toBeVisible();
    for (const name of ["Create User", "Import CSV", `Edit ${DEMO.learner.name}`, `Delete ${DEMO.learner.name}`]) {
      await auditDialog(page, users.getByRole("button", { name, exact: true }).first(), `${role} ${name}`);
    }
  });
}
