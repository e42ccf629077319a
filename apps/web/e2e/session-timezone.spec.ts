import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiAs } from "./support/courses";
import { type LiveCourse, makeLiveCourse } from "./support/live-sessions";

/** The next 15 January: far enough ahead to schedule, and in winter, so New York keeps EST and Berlin GMT+1. */
function nextJanuary15(): { iso: string; weekday: string; year: number } {
  const now = new Date();
  const year = now.getUTCMonth() === 0 && now.getUTCDate() < 14 ? now.getUTCFullYear() : now.getUTCFullYear() + 1;
  const day = new Date(Date.UTC(year, 0, 15));
  const weekday = new Intl.DateTimeFormat("en", { weekday: "short", timeZone: "UTC" }).format(day);
  return { iso: `${year}-01-15`, weekday, year };
}

async function pageIn(browser: Browser, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId });
  return context.newPage();
}

async function sessionsTab(page: Page, course: LiveCourse) {
  await page.goto(`/courses/${course.courseId}`);
  await page.getByRole("tab", { name: "Sessions" }).click();
  return page.getByRole("region", { name: "Live sessions" });
}

test("a session set at 15:00 Asia/Kolkata is shown to each viewer on their own clock with the zone named", async ({
  browser,
  request,
}) => {
  test.slow();
  const course = await makeLiveCourse(request);
  const title = `Zoned ${course.title.slice(-8)}`;
  const day = nextJanuary15();

  // An instructor in Berlin starts on their own zone, and types Kolkata to schedule on its clock.
  const instructor = await pageIn(browser, "Europe/Berlin");
  await signIn(instructor, DEMO.instructor);
  const manager = await sessionsTab(instructor, course);
  await manager.getByRole("button", { name: "Schedule Session" }).click();
  const dialog = instructor.getByRole("dialog", { name: "Schedule Session" });
  const zone = dialog.getByLabel("Timezone");
  await expect(zone).toHaveValue("Europe/Berlin");
  const offered = await dialog
    .locator("#session-timezones option")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(offered.slice(0, 7)).toEqual([
    "Asia/Kolkata",
    "America/New_York",
    "Europe/London",
    "America/Los_Angeles",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Europe/Berlin",
  ]);
  expect(offered).toContain("Pacific/Auckland");
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Date", { exact: true }).fill(day.iso);
  await dialog.getByLabel("Time", { exact: true }).fill("15:00");
  // In their own zone there is nothing to convert.
  await expect(dialog.getByText(/your time$/)).toHaveCount(0);
  await zone.fill("Asia/Kolkata");
  await expect(dialog.getByText(`= ${day.weekday}, Jan 15, 10:30 GMT+1 your time`)).toBeVisible();
  await dialog.getByRole("button", { name: "Schedule Session" }).click();
  await expect(instructor.getByText("Session scheduled successfully with Jitsi Meet integration.")).toBeVisible();
  await expect(manager.getByRole("listitem").filter({ hasText: title })).toContainText(
    `${day.weekday}, Jan 15, ${day.year}, 10:30 GMT+1`,
  );

  const { sessions } = await (await apiAs(request, DEMO.instructor)).get<{
    sessions: { title: string; scheduledAt: string; timezone: string }[];
  }>(`/instructor/courses/${course.courseId}/sessions`);
  expect(sessions.filter((s) => s.title === title)).toMatchObject([
    { scheduledAt: `${day.iso}T09:30:00.000Z`, timezone: "Asia/Kolkata" },
  ]);

  // A learner whose browser runs on UTC sees 09:30 UTC: in the course's list and on the dashboard.
  const utc = await pageIn(browser, "UTC");
  await signIn(utc, course.learner);
  const upcoming = utc.getByRole("region", { name: "Upcoming" }).getByRole("listitem").filter({ hasText: title });
  await expect(upcoming.locator("time").last()).toHaveText("09:30 UTC");
  const listed = (await sessionsTab(utc, course)).getByRole("listitem").filter({ hasText: title });
  await expect(listed.locator("time")).toHaveText(`${day.weekday}, Jan 15, ${day.year}, 09:30 UTC`);

  // One in New York sees 04:30 EST.
  const newYork = await pageIn(browser, "America/New_York");
  await signIn(newYork, course.learner);
  const nyUpcoming = newYork.getByRole("region", { name: "Upcoming" }).getByRole("listitem").filter({ hasText: title });
  await expect(nyUpcoming.locator("time").last()).toHaveText("04:30 EST");
  const nyListed = (await sessionsTab(newYork, course)).getByRole("listitem").filter({ hasText: title });
  await expect(nyListed.locator("time")).toHaveText(`${day.weekday}, Jan 15, ${day.year}, 04:30 EST`);

  for (const page of [instructor, utc, newYork]) await page.context().close();
});
