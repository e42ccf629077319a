import { expect, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { audit, settled, signInByApi } from "./support/axe";
import { makeLiveCourse, scheduleByApi } from "./support/live-sessions";

/** Issue 22: every control's accessible name holds its visible label and says which item it acts on. */
test("a session list names each Start and Delete by its session, and axe's label-in-name finds nothing", async ({
  page,
  request,
}) => {
  const course = await makeLiveCourse(request);
  const titles = ["Algebra review", "Geometry review"];
  for (const [index, title] of titles.entries()) {
    await scheduleByApi(request, course, title, Date.now() + (index + 2) * 86_400_000);
  }
  await signInByApi(page, DEMO.instructor);
  await page.goto(`/courses/${course.courseId}`);
  await settled(page);
  await page.getByRole("tab", { name: "Sessions" }).click();
  const sessions = page.getByRole("region", { name: "Live sessions" });
  for (const title of titles) {
    await expect(sessions.getByRole("button", { name: `Start: ${title}`, exact: true })).toBeVisible();
    await expect(sessions.getByRole("button", { name: `Delete: ${title}`, exact: true })).toBeVisible();
  }
  await audit(page, "course sessions tab with two sessions");
});

test("a learner's Activity page offers no Export it could never use", async ({ page, request }) => {
  const course = await makeLiveCourse(request);
  await signInByApi(page, course.learner);
  await page.goto("/activity");
  await settled(page);
  await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export" })).toHaveCount(0);
  await audit(page, "learner activity");
});
