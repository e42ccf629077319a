import { expect, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { audit, auditDialog, signInByApi } from "./support/axe";
import { createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

const PRICE = 40;

test("a learner without credits asks the teacher, who grants from the request, and the learner enrolls", async ({
  browser,
  request,
}) => {
  const title = `Credits wanted ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title, PRICE);
  await publish(request, courseId);
  const account = await registerLearner(request, "Asker");

  // The learner, with the 0 credits of a new account and a 360 px phone, sees what is missing and asks for it.
  const learnerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const learner = await learnerContext.newPage();
  await signInByApi(learner, account);
  await learner.goto(`/courses/${courseId}`);
  await expect(learner.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(learner.getByText(`You need ${PRICE} more credits.`)).toBeVisible();
  await expect(learner.getByRole("button", { name: `Enroll for ${PRICE} credits` })).toBeDisabled();
  const ask = learner.getByRole("button", { name: "Request credits" });
  await auditDialog(learner, ask, "the Request credits dialog");
  await ask.click();
  const dialog = learner.getByRole("dialog", { name: "Ask the teacher for credits" });
  await dialog.getByLabel("Message (optional)").fill("I would like to join this term.");
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(dialog).toBeHidden();
  await expect(learner.getByText("Credit request sent.")).toBeVisible();
  await expect(learner.getByRole("button", { name: "Request credits" })).toHaveCount(0);

  // The teacher finds the request in the bell, follows it to the course's Credits tab and grants.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signInByApi(teacher, DEMO.instructor);
  await teacher.goto("/instructor/dashboard");
  await teacher.getByRole("button", { name: /^Notifications, \d+ unread/ }).click();
  await teacher.getByRole("link", { name: `Credit request for ${title}` }).click();
  await expect(teacher).toHaveURL(new RegExp(`/instructor/courses/${courseId}\\?tab=credits$`));
  await expect(teacher.getByRole("tab", { name: "Credits" })).toHaveAttribute("aria-selected", "true");
  const row = teacher.getByRole("listitem", { name: account.name });
  await expect(row).toContainText("I would like to join this term.");
  await expect(row.getByLabel("Credits")).toHaveValue(String(PRICE));
  await audit(teacher, "the Credits tab with a request");
  await row.getByRole("button", { name: "Grant" }).click();
  await expect(teacher.locator("[data-sonner-toast]").filter({ hasText: "Credits granted" })).toBeVisible();
  await expect(teacher.getByText("No open credit requests.")).toBeVisible();

  // The learner now has the price and enrolls.
  await learner.reload();
  await expect(learner.getByText(`You have ${PRICE} credits.`)).toBeVisible();
  await learner.getByRole("button", { name: `Enroll for ${PRICE} credits` }).click();
  await learner
    .getByRole("alertdialog", { name: "Confirm enrollment" })
    .getByRole("button", { name: "Confirm enrollment" })
    .click();
  await expect(learner.getByTestId("course-progress")).toHaveText("0%");

  await learnerContext.close();
  await teacherContext.close();
});
