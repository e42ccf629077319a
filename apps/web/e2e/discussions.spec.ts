import { expect, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { audit, signInByApi } from "./support/axe";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

test("a learner asks a Q&A question, the instructor answers and accepts it, and the learner is notified", async ({
  browser,
  request,
}) => {
  const title = `Forum course ${unique()}`;
  const question = `How do closures work ${unique()}?`;
  const { courseId } = await createCourseWithModule(request, title);
  await publish(request, courseId);
  const account = await registerLearner(request, "Asker");
  await (await apiAs(request, account)).post(`/courses/${courseId}/enroll`);

  // The learner, on a 360 px phone, asks a question in the course's Discussions tab.
  const learnerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const learner = await learnerContext.newPage();
  await signInByApi(learner, account);
  await learner.goto(`/courses/${courseId}?tab=discussions`);
  await expect(learner.getByTestId("course-tab-select")).toHaveValue("discussions");
  await expect(learner.getByText("No discussions yet")).toBeVisible();
  await learner.getByRole("button", { name: "New discussion" }).click();
  const dialog = learner.getByRole("dialog", { name: "Start a discussion" });
  await dialog.getByRole("radio", { name: /Question \(Q&A\)/ }).check();
  await dialog.getByLabel("Title").fill(question);
  await dialog.getByRole("textbox", { name: "Message" }).fill("I do not see why the inner function remembers x.");
  await dialog.getByRole("button", { name: "Post" }).click();
  await expect(dialog).toBeHidden();
  await expect(learner.getByRole("heading", { level: 2, name: question })).toBeVisible();
  await expect(learner.getByText("No replies yet.")).toBeVisible();

  // The instructor sees one unread thread on the tab, answers it and accepts the answer.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInByApi(teacher, DEMO.instructor);
  await teacher.goto(`/courses/${courseId}?tab=discussions`);
  await expect(teacher.getByRole("tab", { name: /Discussions.*1 discussion with new posts/ })).toBeVisible();
  await teacher.getByRole("button", { name: new RegExp(question.replace(/[?]/g, "\\?")) }).click();
  await expect(teacher.getByRole("heading", { level: 2, name: question })).toBeVisible();
  await teacher
    .getByRole("textbox", { name: "Your answer" })
    .fill("The inner function keeps a reference to its scope.");
  await teacher.getByRole("button", { name: "Post reply" }).click();
  const answer = teacher.getByRole("article", { name: `Post by ${DEMO.instructor.name}` });
  await expect(answer).toContainText("keeps a reference to its scope");
  await answer.getByRole("button", { name: "Accept answer" }).click();
  await expect(answer.getByText("Accepted answer")).toBeVisible();
  await audit(teacher, "a Q&A thread with an accepted answer");

  // The learner finds the reply in the bell and follows it to the thread with the accepted answer.
  await learner.goto("/dashboard");
  await learner.getByRole("button", { name: /^Notifications, \d+ unread/ }).click();
  await learner.getByRole("link", { name: `New reply in "${question}"` }).click();
  await expect(learner).toHaveURL(new RegExp(`/courses/${courseId}\\?tab=discussions&thread=[0-9a-f]{24}$`));
  await expect(learner.getByRole("heading", { level: 2, name: question })).toBeVisible();
  const accepted = learner.getByRole("article", { name: `Post by ${DEMO.instructor.name}` });
  await expect(accepted.getByText("Accepted answer")).toBeVisible();
  await expect(accepted.getByText("Teacher")).toBeVisible();
  await audit(learner, "the thread at 360 px");

  await learnerContext.close();
  await teacherContext.close();
});
