import type { SystemStats } from "@lms/contract";
import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

const CARDS = [
  ["users", (s: SystemStats) => s.totalUsers],
  ["courses", (s: SystemStats) => s.totalCourses],
  ["enrollments", (s: SystemStats) => s.totalEnrollments],
  ["sessions", (s: SystemStats) => s.activeSessions],
] as const;

test("the admin dashboard's cards, top courses and recent users are the api's", async ({ page, request }) => {
  const learner = await registerLearner(request, "Newcomer");
  const { courseId } = await createCourseWithModule(request, `Dashboard ${unique()}`);
  await publish(request, courseId);
  const learnerApi = await apiAs(request, learner);
  await learnerApi.post(`/courses/${courseId}/enroll`);
  await createCourseWithModule(request, `Draft ${unique()}`);
  const admin = await apiAs(request, DEMO.admin);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await signIn(page, DEMO.admin);
  // Other tests may add users or courses meanwhile: compare one fresh api answer with a fresh page.
  await expect(async () => {
    const stats = await admin.get<SystemStats>("/admin/stats");
    const { courses } = await admin.get<{ courses: { title: string }[] }>("/courses?sort=popular&limit=5");
    const { users } = await admin.get<{ users: { name: string; email: string }[] }>("/admin/users?limit=4");
    await page.reload();
    for (const [key, pick] of CARDS) {
      await expect(page.getByTestId(`system-stat-${key}`)).toHaveText(pick(stats).toLocaleString("en"), {
        timeout: 2000,
      });
    }
    await expect(page.getByTestId("system-growth-users")).toHaveText(
      `${stats.monthlyGrowth.users > 0 ? "+" : ""}${stats.monthlyGrowth.users}%`,
      { timeout: 2000 },
    );
    const topCourses = page.getByRole("region", { name: "Top Courses" }).getByTestId("top-course");
    await expect(topCourses).toHaveCount(courses.length, { timeout: 2000 });
    for (const [index, course] of courses.entries()) await expect(topCourses.nth(index)).toContainText(course.title);
    const recent = page.getByRole("region", { name: "Recent Users" }).getByTestId("recent-user");
    await expect(recent).toHaveCount(users.length, { timeout: 2000 });
    for (const [index, user] of users.entries()) await expect(recent.nth(index)).toContainText(user.email);
  }).toPass({ timeout: 30_000 });

  expect((await admin.get<SystemStats>("/admin/stats")).totalEnrollments).toBeGreaterThanOrEqual(1);

  // The Users and Courses tabs list the api's first pages; parallel journeys keep adding to both,
  // so each check compares a fresh answer with a fresh page, and the run's own rows are looked up
  // only while they are still on those first pages.
  await expect(async () => {
    const { users } = await admin.get<{ users: { email: string; status: string }[] }>("/admin/users?limit=10");
    await page.reload();
    await page.getByRole("tab", { name: "Users" }).click();
    const rows = page.getByTestId("users-tab-row");
    await expect(rows).toHaveCount(users.length, { timeout: 2000 });
    for (const [index, user] of users.entries()) await expect(rows.nth(index)).toContainText(user.email);
    const ours = rows.filter({ hasText: learner.email });
    if (users.some((user) => user.email === learner.email)) {
      await expect(ours).toContainText("Learner");
      await expect(ours).toContainText("Active");
    }
  }).toPass({ timeout: 30_000 });

  await expect(async () => {
    const { courses } = await admin.get<{ courses: { title: string; published: boolean }[] }>(
      "/admin/courses?page=1&limit=12",
    );
    await page.reload();
    await page.getByRole("tab", { name: "Courses" }).click();
    const cards = page.getByTestId("courses-tab-card");
    await expect(cards).toHaveCount(courses.length, { timeout: 2000 });
    for (const [index, course] of courses.entries()) {
      await expect(cards.nth(index)).toContainText(course.title);
      await expect(cards.nth(index)).toContainText(course.published ? "Published" : "Draft");
    }
    await expect(cards.first().getByRole("link")).toHaveAttribute("href", /^\/courses\/[0-9a-f]{24}$/);
  }).toPass({ timeout: 30_000 });
});

test("a learner visiting /admin/dashboard is sent to /dashboard", async ({ page }) => {
  await signIn(page, DEMO.learner);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL("/dashboard");
});
