import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { signInByApi } from "./support/axe";
import { apiAs } from "./support/courses";
import { apiLogin, type LiveCourse, makeLiveCourse } from "./support/live-sessions";

/** The next 21 January: in winter, so Berlin keeps GMT+1 and New York EST. */
function nextJanuary21(): { iso: string; weekday: string; year: number } {
  const now = new Date();
  const year = now.getUTCMonth() === 0 && now.getUTCDate() < 20 ? now.getUTCFullYear() : now.getUTCFullYear() + 1;
  const weekday = new Intl.DateTimeFormat("en", { weekday: "short", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, 0, 21)),
  );
  return { iso: `${year}-01-21`, weekday, year };
}

async function signedInPage(browser: Browser, timezoneId: string, account: { email: string; password: string }) {
  const page = await (await browser.newContext({ timezoneId })).newPage();
  await signInByApi(page, account);
  return page;
}

async function sessionsTab(page: Page, course: LiveCourse) {
  await page.goto(`/courses/${course.courseId}`);
  await page.getByRole("tab", { name: "Sessions" }).click();
  return page.getByRole("region", { name: "Live sessions" });
}

/** The value of one property of a calendar file, folding undone. */
const icsValue = (ics: string, name: string) =>
  ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1);

test("a Berlin teacher schedules 14:00 on Berlin's clock, sees a clash in another course, and moves the session; a New York learner sees 08:00 EST and an .ics with the new time", async ({
  browser,
  request,
}) => {
  test.slow();
  const course = await makeLiveCourse(request);
  const otherCourse = await makeLiveCourse(request);
  const title = `Berlin ${course.title.slice(-8)}`;
  const day = nextJanuary21();

  // The same teacher already has a class in another course at 13:30 Berlin time that day.
  const teacherApi = await apiAs(request, DEMO.instructor);
  const clashTitle = `Clash ${otherCourse.title.slice(-8)}`;
  await teacherApi.post("/sessions", {
    courseId: otherCourse.courseId,
    title: clashTitle,
    scheduledAt: `${day.iso}T12:30:00.000Z`,
    duration: 60,
  });

  // The form starts on the browser's zone, Europe/Berlin, and 14:00 there is what the api stores as 13:00Z.
  const teacher = await signedInPage(browser, "Europe/Berlin", DEMO.instructor);
  const manager = await sessionsTab(teacher, course);
  await manager.getByRole("button", { name: "Schedule Session" }).click();
  const dialog = teacher.getByRole("dialog", { name: "Schedule Session" });
  await expect(dialog.getByLabel("Timezone")).toHaveValue("Europe/Berlin");
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Date", { exact: true }).fill(day.iso);
  await dialog.getByLabel("Time", { exact: true }).fill("14:00");
  const clash = dialog.getByTestId("slot-conflicts");
  await expect(clash).toContainText("This time clashes");
  await expect(clash).toContainText(`“${clashTitle}” (${otherCourse.title})`);
  await dialog.getByRole("button", { name: "Schedule Session" }).click();
  await expect(teacher.getByText("Session scheduled successfully with Jitsi Meet integration.")).toBeVisible();
  await expect(dialog).toBeHidden();

  const stored = async () => {
    const { sessions } = await teacherApi.get<{ sessions: { _id: string; title: string; scheduledAt: string }[] }>(
      `/instructor/courses/${course.courseId}/sessions`,
    );
    return sessions.find((s) => s.title === title);
  };
  const session = await stored();
  expect(session).toMatchObject({ scheduledAt: `${day.iso}T13:00:00.000Z`, timezone: "Europe/Berlin" });
  const learner = await apiLogin(request, course.learner);
  const ics = async () =>
    (
      await request.get(`/api/sessions/${session?._id}/calendar.ics`, {
        headers: { authorization: `Bearer ${learner.token}` },
      })
    ).text();
  const before = await ics();
  expect(icsValue(before, "DTSTART")).toBe(`${day.iso.replaceAll("-", "")}T130000Z`);

  // A learner in New York sees the session on their own clock, with the zone named.
  const newYork = await signedInPage(browser, "America/New_York", course.learner);
  const listed = (await sessionsTab(newYork, course)).getByRole("listitem").filter({ hasText: title });
  await expect(listed.locator("time")).toHaveText(`${day.weekday}, Jan 21, ${day.year}, 08:00 EST`);

  // The teacher moves it to 16:00 Berlin time from the Edit dialog.
  const item = manager.getByRole("listitem").filter({ hasText: title });
  await item.getByRole("button", { name: "Edit" }).click();
  const edit = teacher.getByRole("dialog", { name: "Edit session" });
  await expect(edit.getByLabel("Time", { exact: true })).toHaveValue("14:00");
  await expect(edit.getByLabel("Timezone")).toHaveValue("Europe/Berlin");
  await edit.getByLabel("Time", { exact: true }).fill("16:00");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(teacher.getByText("Session updated successfully.")).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(item.locator("time")).toHaveText(`${day.weekday}, Jan 21, ${day.year}, 16:00 GMT+1`);
  expect((await stored())?.scheduledAt).toBe(`${day.iso}T15:00:00.000Z`);

  // The learner's calendar file keeps its UID, with the new time and a higher SEQUENCE.
  const after = await ics();
  expect(icsValue(after, "UID")).toBe(icsValue(before, "UID"));
  expect(icsValue(after, "DTSTART")).toBe(`${day.iso.replaceAll("-", "")}T150000Z`);
  expect(Number(icsValue(after, "SEQUENCE"))).toBeGreaterThan(Number(icsValue(before, "SEQUENCE")));
  await newYork.reload();
  await newYork.getByRole("tab", { name: "Sessions" }).click();
  await expect(
    newYork
      .getByRole("region", { name: "Live sessions" })
      .getByRole("listitem")
      .filter({ hasText: title })
      .locator("time"),
  ).toHaveText(`${day.weekday}, Jan 21, ${day.year}, 10:00 EST`);

  for (const page of [teacher, newYork]) await page.context().close();
});
