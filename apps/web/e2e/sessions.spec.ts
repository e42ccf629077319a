import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiAs } from "./support/courses";
import { JITSI, type LiveCourse, makeLiveCourse, scheduleByApi, stubMeetingProvider } from "./support/live-sessions";
import { recordWebm } from "./support/video";

/** These journeys plan on Kolkata's clock: the schedule form starts on the browser's zone (issue 21). */
test.use({ timezoneId: "Asia/Kolkata" });

/** Day part of the calendar's slot names, e.g. "Mon 24 Nov", for the day after today in Asia/Kolkata. */
function tomorrowInKolkata(): { label: string; iso: string } {
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Kolkata",
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
    })
      .formatToParts(tomorrow)
      .map((part) => [part.type, part.value]),
  );
  const iso = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(tomorrow);
  return { label: `${parts.weekday} ${parts.day} ${parts.month}`, iso };
}

async function openSessionsTab(page: Page, course: LiveCourse) {
  await page.goto(`/courses/${course.courseId}`);
  await page.getByRole("tab", { name: "Sessions" }).click();
  return page.getByRole("region", { name: "Live sessions" });
}

/** Clicks a Start or Join button and answers the link the api returned and the tab it opened. */
async function openMeeting(page: Page, button: string, call: "start" | "join") {
  const answer = page.waitForResponse((r) => r.url().endsWith(`/${call}`) && r.request().method() === "POST");
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: new RegExp(`^${button}\\b`) }).click();
  const { data } = await (await answer).json();
  return { joinUrl: data.joinUrl as string, tab: await popup };
}

test("an instructor schedules from the weekly calendar, a learner joins, the instructor ends it and uploads a recording the learner watches", async ({
  browser,
  request,
}) => {
  test.slow();
  const course = await makeLiveCourse(request);
  const title = `Live Q&A ${course.title.slice(-8)}`;
  const instructorContext = await browser.newContext();
  const learnerContext = await browser.newContext();
  await stubMeetingProvider(instructorContext);
  await stubMeetingProvider(learnerContext);
  const instructor = await instructorContext.newPage();
  const learner = await learnerContext.newPage();

  // The instructor schedules the session by clicking a half-hour slot in the weekly calendar.
  await signIn(instructor, DEMO.instructor);
  const manager = await openSessionsTab(instructor, course);
  await expect(manager.getByText("No sessions yet")).toBeVisible();
  await manager.getByRole("button", { name: "Schedule Session" }).click();
  const dialog = instructor.getByRole("dialog", { name: "Schedule Session" });
  const tomorrow = tomorrowInKolkata();
  await expect(dialog.getByLabel("Date", { exact: true })).toHaveValue(tomorrow.iso);
  await expect(dialog.getByLabel("Time", { exact: true })).toHaveValue("10:00");
  await expect(dialog.getByLabel("Duration")).toHaveValue("60");
  await expect(dialog.getByLabel("Timezone")).toHaveValue("Asia/Kolkata");

  await dialog.getByRole("button", { name: "Schedule Session" }).click();
  await expect(dialog.getByText("Please fill in all required fields.").first()).toBeVisible();

  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Description").fill("Bring your questions.");
  await dialog.getByRole("button", { name: `${tomorrow.label} 11:30`, exact: true }).click();
  await expect(dialog.getByLabel("Date", { exact: true })).toHaveValue(tomorrow.iso);
  await expect(dialog.getByLabel("Time", { exact: true })).toHaveValue("11:30");
  await dialog.getByRole("button", { name: "Schedule Session" }).click();
  await expect(instructor.getByText("Session scheduled successfully with Jitsi Meet integration.")).toBeVisible();
  await expect(dialog).toBeHidden();
  const managed = manager.getByRole("listitem").filter({ hasText: title });
  await expect(managed.getByText("Upcoming", { exact: true })).toBeVisible();
  await expect(managed.getByText("60 min")).toBeVisible();
  await expect(managed.getByRole("button", { name: /^(Start|End Session|Delete)/ })).toHaveCount(2);
  // The slot picked is what the api stored: 11:30 in Kolkata is 06:00 UTC.
  const instructorApi = await apiAs(request, DEMO.instructor);
  const storedSession = async () => {
    const { sessions } = await instructorApi.get<{ sessions: { title: string; status: string }[] }>(
      `/instructor/courses/${course.courseId}/sessions`,
    );
    return sessions.filter((s) => s.title === title);
  };
  expect(await storedSession()).toMatchObject([
    {
      description: "Bring your questions.",
      scheduledAt: `${tomorrow.iso}T06:00:00.000Z`,
      duration: 60,
      status: "scheduled",
    },
  ]);

  // The learner sees it upcoming and joins: the new tab opens the provider's link.
  await signIn(learner, course.learner);
  const list = await openSessionsTab(learner, course);
  const item = list.getByRole("listitem").filter({ hasText: title });
  await expect(item.getByText("Upcoming", { exact: true })).toBeVisible();
  await expect(item.getByRole("button", { name: "Join" })).toBeVisible();
  await expect(item.getByRole("button", { name: /^(Start|End Session|Delete)/ })).toHaveCount(0);
  await expect(list.getByRole("button", { name: "Schedule Session" })).toHaveCount(0);
  const joined = await openMeeting(learner, "Join", "join");
  expect(joined.joinUrl.startsWith(JITSI)).toBe(true);
  await expect(joined.tab).toHaveURL(joined.joinUrl);
  await joined.tab.close();

  // The instructor starts it a day early, which asks first (host link in a new tab), then ends it.
  await managed.getByRole("button", { name: /^Start: / }).click();
  await expect(instructor.getByRole("alertdialog", { name: "Start this session early?" })).toBeVisible();
  const started = await openMeeting(instructor, "Start now", "start");
  expect(started.joinUrl.startsWith(JITSI)).toBe(true);
  await expect(started.tab).toHaveURL(started.joinUrl);
  await started.tab.close();
  await expect(managed.getByText("Live", { exact: true })).toBeVisible();
  await managed.getByRole("button", { name: "End Session" }).click();
  await expect(instructor.getByText("Session ended successfully.")).toBeVisible();
  await expect(managed.getByText("Ended", { exact: true })).toBeVisible();
  expect(await storedSession()).toMatchObject([{ status: "completed" }]);

  // ...and uploads a short recording.
  const video = await recordWebm(instructor);
  await managed.getByLabel(`Recording of ${title}`).setInputFiles({
    name: "recording.webm",
    mimeType: "video/webm",
    buffer: video,
  });
  await expect(instructor.getByText("Recording uploaded successfully!")).toBeVisible();
  await expect(managed.getByRole("button", { name: "Watch Recording" })).toBeVisible();
  await expect(managed.getByRole("button", { name: "Upload Recording" })).toHaveCount(0);

  // The learner watches it and the view count rises.
  await learner.reload();
  await learner.getByRole("tab", { name: "Sessions" }).click();
  await expect(item.getByText("Ended", { exact: true })).toBeVisible();
  await item.getByRole("button", { name: "Watch Recording" }).click();
  const viewer = learner.getByRole("dialog");
  await expect(viewer.getByTestId("recording-views")).toHaveText("0 views");
  await expect(viewer.getByRole("link", { name: "Download" })).toBeVisible();
  const player = viewer.getByLabel(`Recording: ${title}`);
  await player.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect(viewer.getByTestId("recording-views")).toHaveText("1 view");
  await expect(viewer.getByText("Video Error")).toHaveCount(0);

  // The learner's dashboard counts it as a completed activity with its recording.
  await learner.goto("/dashboard");
  const activity = learner.getByRole("region", { name: "Completed" }).getByRole("listitem").filter({ hasText: title });
  await expect(activity.getByText("Completed", { exact: true })).toBeVisible();
  await expect(activity.getByText(DEMO.instructor.name)).toBeVisible();
  await expect(activity.getByRole("button", { name: "Watch" })).toBeVisible();
  await expect(learner.getByRole("progressbar", { name: "Sessions attended" })).toHaveAttribute("aria-valuenow", "100");

  await instructorContext.close();
  await learnerContext.close();
});

test("a learner adds an upcoming session to a calendar and keeps, renews and revokes a private calendar link", async ({
  page,
  request,
}) => {
  const course = await makeLiveCourse(request);
  const title = `Review ${course.title.slice(-8)}`;
  await scheduleByApi(request, course, title, Date.now() + 2 * 24 * 3600 * 1000);

  await signIn(page, course.learner);
  const activity = page.getByRole("region", { name: "Upcoming" }).getByRole("listitem").filter({ hasText: title });
  await expect(activity.getByText("Upcoming", { exact: true })).toBeVisible();
  await expect(activity.getByText(DEMO.instructor.name)).toBeVisible();
  await expect(page.getByRole("region", { name: "Attendance" }).getByText("No data yet")).toBeVisible();

  const download = page.waitForEvent("download");
  await activity.getByRole("button", { name: "Add to calendar" }).click();
  const event = await download;
  expect(event.suggestedFilename()).toBe(`${title}.ics`);
  const ics = readFileSync(String(await event.path()), "utf8");
  expect(ics).toContain("BEGIN:VEVENT");
  expect(ics).toContain(title);

  await page.getByRole("button", { name: "Show my calendar link" }).click();
  const link = page.getByLabel("Your private calendar link");
  await expect(link).toHaveValue(/\/api\/calendar\/feed\/[^/]+\/sessions\.ics$/);
  const feedUrl = await link.inputValue();
  expect(await (await request.get(feedUrl)).text()).toContain(title);

  await page.getByRole("button", { name: "New link" }).click();
  await expect(link).not.toHaveValue(feedUrl);
  expect((await request.get(feedUrl)).status()).toBe(404);
  const renewedUrl = await link.inputValue();

  await page.goto("/settings");
  await page.getByRole("button", { name: "Show my calendar link" }).click();
  await expect(page.getByLabel("Your private calendar link")).toHaveValue(renewedUrl);
  await page.getByRole("button", { name: "Revoke link" }).click();
  await expect(page.getByText("Calendar feed link revoked.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Show my calendar link" })).toBeVisible();
  expect((await request.get(renewedUrl)).status()).toBe(404);
});

test("the instructor dashboard lists the next sessions and counts the upcoming ones", async ({ page, request }) => {
  const course = await makeLiveCourse(request);
  const title = `Soon ${course.title.slice(-8)}`;
  await scheduleByApi(request, course, title, Date.now() + 3 * 60 * 1000);

  await signIn(page, DEMO.instructor);
  const card = page.getByRole("region", { name: "Upcoming Sessions" });
  await expect(card.getByRole("link", { name: title })).toHaveAttribute("href", `/courses/${course.courseId}`);
  await expect(card.getByRole("link", { name: "View All" })).toHaveAttribute("href", "/instructor/sessions");
  await expect(page.getByTestId("upcoming-sessions-count")).toHaveText(/^[1-9]\d*$/);

  // View All lists the sessions of every course taught, and schedules more from a page of its own.
  await card.getByRole("link", { name: "View All" }).click();
  await expect(page).toHaveURL("/instructor/sessions");
  const listed = page.getByRole("listitem").filter({ hasText: title });
  await expect(listed.getByRole("link", { name: course.title })).toBeVisible();
  await page.getByRole("link", { name: "Schedule Session" }).click();
  await expect(page).toHaveURL("/instructor/sessions/new");
  await page.getByLabel("Course", { exact: true }).selectOption(course.courseId);
  const next = `Next ${course.title.slice(-8)}`;
  await page.getByLabel("Title", { exact: true }).fill(next);
  await page.getByRole("button", { name: `${tomorrowInKolkata().label} 14:00`, exact: true }).click();
  await page.getByRole("button", { name: "Schedule Session" }).click();
  await expect(page.getByText("Session scheduled successfully with Jitsi Meet integration.")).toBeVisible();
  await expect(page).toHaveURL("/instructor/sessions");
  await expect(page.getByRole("listitem").filter({ hasText: next })).toBeVisible();
});
