import { expect, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { audit, signInByApi } from "./support/axe";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

test("an instructor's reply appears on the learner's open thread and in the bell's count without a reload", async ({
  browser,
  request,
}) => {
  const title = `Live course ${unique()}`;
  const question = `Why does my loop stop ${unique()}?`;
  const { courseId } = await createCourseWithModule(request, title);
  await publish(request, courseId);
  const account = await registerLearner(request, "Live");
  const asLearner = await apiAs(request, account);
  await asLearner.post(`/courses/${courseId}/enroll`);
  const { thread } = await asLearner.post<{ thread: { _id: string } }>(`/courses/${courseId}/discussions`, {
    title: question,
    body: "<p>It stops after the first item.</p>",
  });

  // The learner, on a 360 px phone, has the thread open; the page is marked to tell a reload apart.
  const learnerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const learner = await learnerContext.newPage();
  await signInByApi(learner, account);
  await learner.goto(`/courses/${courseId}?tab=discussions&thread=${thread._id}`);
  await expect(learner.getByRole("heading", { level: 2, name: question })).toBeVisible();
  await expect(learner.getByText("No replies yet.")).toBeVisible();
  await expect(learner.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
  await learner.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  // The instructor answers in another browser.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInByApi(teacher, DEMO.instructor);
  await teacher.goto(`/courses/${courseId}?tab=discussions&thread=${thread._id}`);
  await expect(teacher.getByRole("heading", { level: 2, name: question })).toBeVisible();
  await teacher.getByRole("textbox", { name: "Your reply" }).fill("Move the return out of the loop.");
  await teacher.getByRole("button", { name: "Post reply" }).click();
  await expect(teacher.getByRole("article", { name: `Post by ${DEMO.instructor.name}` })).toBeVisible();

  // The reply and the bell's count arrive on the learner's page by themselves.
  const reply = learner.getByRole("article", { name: `Post by ${DEMO.instructor.name}` });
  await expect(reply).toContainText("Move the return out of the loop.", { timeout: 10_000 });
  await expect(learner.getByText("No replies yet.")).toBeHidden();
  await expect(learner.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible({ timeout: 10_000 });
  await expect(learner.getByTestId("unread-count")).toHaveText("1");
  expect(await learner.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await audit(learner, "a thread updated live at 360 px");

  await learnerContext.close();
  await teacherContext.close();
});
