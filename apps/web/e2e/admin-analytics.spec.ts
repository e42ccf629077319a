import {
  ANALYTICS_TIMEFRAME_LABELS,
  ANALYTICS_TIMEFRAMES,
  type PlatformAnalytics,
  type RecentActivity,
} from "@lms/contract";
import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

const FIGURES = [
  ["users", (a: PlatformAnalytics) => a.userGrowth.total],
  ["enrollments", (a: PlatformAnalytics) => a.courseEnrollments.total],
  ["credits", (a: PlatformAnalytics) => a.revenueData.total],
] as const;

test("the dashboard's analytics match the api for each timeframe, with charts, health and recent activity", async ({
  page,
  request,
}) => {
  const learner = await registerLearner(request, "Analyst");
  const title = `Analytics ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title);
  await publish(request, courseId);
  await (await apiAs(request, learner)).post(`/courses/${courseId}/enroll`);
  const admin = await apiAs(request, DEMO.admin);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await signIn(page, DEMO.admin);

  // Overview: the log's newest entries, the learner's enrollment among them while it is recent.
  await expect(async () => {
    const { activities } = await admin.get<{ activities: RecentActivity[] }>("/admin/activity/recent?limit=6");
    await page.reload();
    const entries = page.getByRole("region", { name: "Recent Activity" }).getByTestId("recent-activity");
    await expect(entries).toHaveCount(activities.length, { timeout: 2000 });
    for (const [index, entry] of activities.entries()) {
      await expect(entries.nth(index)).toContainText(entry.title, { timeout: 2000 });
    }
  }).toPass({ timeout: 30_000 });

  await page.getByRole("tab", { name: "Analytics" }).click();
  const timeframe = page.getByLabel("Timeframe");
  await expect(timeframe).toHaveValue("month");
  for (const value of ANALYTICS_TIMEFRAMES) {
    await timeframe.selectOption({ label: ANALYTICS_TIMEFRAME_LABELS[value] });
    // Parallel journeys keep registering and enrolling: compare a fresh answer with a fresh load.
    await expect(async () => {
      const analytics = await admin.get<PlatformAnalytics>(`/admin/analytics?timeframe=${value}`);
      await timeframe.selectOption(value === "day" ? "week" : "day");
      await timeframe.selectOption(value);
      for (const [key, pick] of FIGURES) {
        await expect(page.getByTestId(`analytics-${key}`)).toHaveText(pick(analytics).toLocaleString("en"), {
          timeout: 2000,
        });
      }
    }).toPass({ timeout: 30_000 });
    const analytics = await admin.get<PlatformAnalytics>(`/admin/analytics?timeframe=${value}`);
    expect(analytics.userGrowth.total).toBeGreaterThanOrEqual(1);
    expect(analytics.courseEnrollments.total).toBeGreaterThanOrEqual(1);
  }

  // The year's series: users and enrollments exist (this run made some), credits only if someone paid.
  const year = await admin.get<PlatformAnalytics>("/admin/analytics?timeframe=year");
  const charts = page.getByTestId("platform-charts");
  for (const name of ["User growth", "Course enrollments", "Requests per hour (this server, last 24 hours)"]) {
    await expect(charts.getByRole("figure", { name }).locator("svg.recharts-surface")).toBeVisible();
  }
  await expect(
    year.revenueData.total > 0
      ? charts.getByRole("figure", { name: "Credits spent" })
      : charts.getByText("No credits spent in this timeframe"),
  ).toBeVisible();
  await expect(page.getByTestId("analytics-p95")).toHaveText(/\d+(\.\d)? ms/);

  await expect(page.getByTestId("course-performance").first()).toBeVisible();
  expect(await page.getByTestId("course-performance").count()).toBeLessThanOrEqual(5);
  for (const component of ["database", "storage", "mail", "meetings"]) {
    await expect(page.getByTestId(`health-${component}`)).toBeVisible();
  }
  await expect(page.getByTestId("health-database")).not.toContainText("Down");
  await expect(page.getByTestId("health-score")).toHaveText(/^\d{1,3}%$/);
});
