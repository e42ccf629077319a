import { expect, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { audit, auditDialog, signInByApi } from "./support/axe";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

test("a teacher messages a course's learners, a learner reads and replies from the inbox, the teacher sees the reply", async ({
  browser,
  request,
}) => {
  const title = `Messages course ${unique()}`;
  const subject = `Exam on Friday ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title);
  await publish(request, courseId);
  const ann = await registerLearner(request, "Ann");
  const bob = await registerLearner(request, "Bob");
  for (const account of [ann, bob]) await (await apiAs(request, account)).post(`/courses/${courseId}/enroll`);

  // The instructor writes to every learner of the course at once.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInByApi(teacher, DEMO.instructor);
  await teacher.goto("/messages");
  await expect(teacher.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await auditDialog(teacher, teacher.getByRole("button", { name: "New message" }), "the new message dialog");
  await teacher.getByRole("button", { name: "New message" }).click();
  const dialog = teacher.getByRole("dialog", { name: "New message" });
  await dialog.getByLabel("Course", { exact: true }).selectOption({ label: title });
  await expect(dialog.getByRole("checkbox", { name: ann.name })).toBeVisible();
  await dialog.getByRole("checkbox", { name: "All learners of this course" }).check();
  await dialog.getByLabel("Subject").fill(subject);
  await dialog.getByRole("textbox", { name: "Message" }).fill("Bring a pen and your notes.");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog).toBeHidden();
  await expect(teacher.getByTestId("conversation-row").filter({ hasText: subject })).toHaveCount(2);

  // Ann, on a 360 px phone, follows the inbox button to her private conversation and replies.
  const learnerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const learner = await learnerContext.newPage();
  await signInByApi(learner, ann);
  await learner.goto("/dashboard");
  await learner.getByRole("link", { name: "Inbox, 1 unread" }).click();
  await expect(learner).toHaveURL(/\/messages$/);
  const row = learner.getByTestId("conversation-row").filter({ hasText: subject });
  await expect(row).toContainText("Unread");
  await expect(row).toContainText(`With ${DEMO.instructor.name}`);
  await audit(learner, "the inbox at 360 px");
  await row.click();
  await expect(learner.getByRole("heading", { level: 2, name: subject })).toBeVisible();
  await expect(learner.getByTestId("conversation-message")).toHaveText([/Bring a pen and your notes\./]);
  await expect(learner.getByRole("link", { name: "Inbox", exact: true })).toBeVisible();
  await learner.getByRole("textbox", { name: "Your reply" }).fill("Which room is it in?");
  await learner.getByRole("button", { name: "Send reply" }).click();
  await expect(learner.getByTestId("conversation-message")).toHaveCount(2);
  await expect(learner.getByTestId("conversation-message").last()).toContainText("Which room is it in?");
  await audit(learner, "a conversation at 360 px");

  // The reply comes back to the instructor privately, unread.
  await teacher.reload();
  // (filtered: other journeys running beside this one write as the same instructor)
  const annRow = teacher.getByTestId("conversation-row").filter({ hasText: subject }).filter({ hasText: ann.name });
  await expect(annRow).toContainText("Unread");
  await annRow.click();
  await expect(teacher.getByTestId("conversation-message").last()).toContainText("Which room is it in?");
  await audit(teacher, "the instructor's open conversation");

  await learnerContext.close();
  await teacherContext.close();
});

test("a learner cannot start a conversation with another learner while the course does not allow it", async ({
  page,
  request,
}) => {
  const title = `Quiet course ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title);
  await publish(request, courseId);
  const ann = await registerLearner(request, "Ann");
  const bob = await registerLearner(request, "Bob");
  for (const account of [ann, bob]) await (await apiAs(request, account)).post(`/courses/${courseId}/enroll`);

  await signInByApi(page, bob);
  await page.goto("/messages");
  await expect(page.getByText("No messages yet.")).toBeVisible();
  await page.getByRole("button", { name: "New message" }).click();
  const dialog = page.getByRole("dialog", { name: "New message" });
  await dialog.getByLabel("Course", { exact: true }).selectOption({ label: title });
  await expect(dialog.getByRole("checkbox", { name: new RegExp(DEMO.instructor.name) })).toBeVisible();
  await expect(dialog.getByTestId("learner-messages-off")).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: ann.name })).toHaveCount(0);

  // The server refuses it as well, whatever the screen offers.
  const { token } = (await (await request.post("/api/auth/login", { data: bob })).json()).data;
  const refused = await request.post("/api/messages/conversations", {
    headers: { Authorization: `Bearer ${token}` },
    data: { courseId, recipientIds: [ann._id], subject: "Hi", body: "<p>Hi</p>" },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe("Learners cannot message each other in this course");
});

test("a message a teacher sends appears in the learner's open inbox and on the inbox button without a reload", async ({
  page,
  request,
}) => {
  const title = `Live inbox course ${unique()}`;
  const subject = `Room change ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title);
  await publish(request, courseId);
  const ann = await registerLearner(request, "Ann");
  await (await apiAs(request, ann)).post(`/courses/${courseId}/enroll`);

  await signInByApi(page, ann);
  await page.goto("/messages");
  await expect(page.getByText("No messages yet.")).toBeVisible();
  const inboxButton = page.getByTestId("inbox-button");
  await expect(inboxButton).toHaveAccessibleName("Inbox");
  // The page learns of the message from its live stream, then fetches the inbox again; it is never reloaded.
  let inboxRequests = 0;
  page.on("request", (sent) => {
    if (new URL(sent.url()).pathname.startsWith("/api/messages")) inboxRequests++;
  });

  const instructor = await apiAs(request, DEMO.instructor);
  await instructor.post("/messages/conversations", {
    courseId,
    wholeCourse: true,
    subject,
    body: "<p>We meet in room 4 today.</p>",
  });

  await expect(page.getByTestId("conversation-row").filter({ hasText: subject })).toContainText("Unread");
  await expect(inboxButton).toHaveAccessibleName("Inbox, 1 unread");
  expect(inboxRequests).toBeGreaterThan(0);
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
});

test("a learner reports a conversation with a reason, and an administrator finds it among the reported ones", async ({
  page,
  browser,
  request,
}) => {
  const title = `Reported course ${unique()}`;
  const subject = `Unwelcome note ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title);
  await publish(request, courseId);
  const ann = await registerLearner(request, "Ann");
  await (await apiAs(request, ann)).post(`/courses/${courseId}/enroll`);
  const instructor = await apiAs(request, DEMO.instructor);
  await instructor.post("/messages/conversations", { courseId, wholeCourse: true, subject, body: "<p>Hello.</p>" });

  await signInByApi(page, ann);
  await page.goto("/messages");
  await page.getByTestId("conversation-row").filter({ hasText: subject }).click();
  await page.getByRole("button", { name: "Report", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Report this conversation" });
  // Without a reason the report cannot go, and its button says why.
  const submit = dialog.getByRole("button", { name: "Report", exact: true });
  await expect(submit).toHaveAttribute("aria-disabled", "true");
  await expect(submit).toHaveAccessibleDescription("Give a reason first");
  await audit(page, "the report dialog");
  await dialog.getByLabel("Reason").fill("This is not about the course.");
  await submit.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Reported", exact: true })).toBeDisabled();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInByApi(admin, DEMO.admin);
  await admin.goto("/admin/messages");
  await expect(admin.getByText(`${ann.name}: “This is not about the course.”`)).toBeVisible();
  await adminContext.close();
});
