import { expect, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { signInByApi } from "./support/axe";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

test("report", async ({ browser, request }) => {
  const { courseId } = await createCourseWithModule(request, `Report ${unique()}`);
  await publish(request, courseId);
  const author = await registerLearner(request, "Author");
  const reporter = await registerLearner(request, "Reporter");
  const authorApi = await apiAs(request, author);
  await authorApi.post(`/courses/${courseId}/enroll`);
  await (await apiAs(request, reporter)).post(`/courses/${courseId}/enroll`);
  const { thread } = await authorApi.post<{ thread: { _id: string } }>(`/courses/${courseId}/discussions`, {
    title: "Rude thread", body: "<p>Something rude</p>",
  });
  const ctx = await browser.newContext({ viewport: { width: 360, height: 800 }, colorScheme: "dark" });
  const page = await ctx.newPage();
  await signInByApi(page, reporter);
  await page.goto(`/courses/${courseId}?tab=discussions&thread=${thread._id}`);
  await page.getByRole("button", { name: "Report" }).click();
  const dialog = page.getByRole("dialog", { name: "Report this post?" });
  await dialog.getByLabel("Reason (optional)").fill("Not kind");
  await page.screenshot({ path: "/tmp/s29f-report-dark.png" });
  await dialog.getByRole("button", { name: "Report" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Thank you: the course's teachers will look at this post")).toBeVisible();
  const t = await browser.newContext();
  const teacher = await t.newPage();
  await signInByApi(teacher, DEMO.instructor);
  await teacher.goto(`/courses/${courseId}?tab=discussions`);
  await expect(teacher.getByText("Not kind")).toBeVisible();
  await expect(teacher.getByText("“Something rude”")).toBeVisible();
  await teacher.getByRole("button", { name: "Dismiss" }).click();
  await expect(teacher.getByText("No open reports")).toBeVisible();
});
