import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { audit, signInByApi } from "./support/axe";
import { openCourseTab } from "./support/course-tabs";
import { createCourseWithModule, unique } from "./support/courses";

/** A course of the demo instructor with two modules and a quiz due on 10 March 2027 at noon UTC. */
async function courseToCopy(request: APIRequestContext) {
  const title = `Term ${unique()}`;
  const { courseId, instructor } = await createCourseWithModule(request, title);
  const base = `/instructor/courses/${courseId}`;
  await instructor.post(`${base}/modules`, { title: "Week two" });
  await instructor.post(`${base}/assessments`, {
    title: "Spring quiz",
    type: "quiz",
    published: true,
    dueDate: "2027-03-10T12:00:00.000Z",
    questions: [{ type: "true_false", text: "The sun is a star", points: 1, correct: true }],
  });
  return { courseId, title };
}

async function openCopyDialog(page: Page, courseId: string) {
  await page.goto(`/courses/${courseId}`);
  await openCourseTab(page, "Settings");
  await page.getByRole("button", { name: "Copy to next term" }).click();
  return page.getByRole("dialog", { name: "Copy to next term" });
}

test("an instructor copies a course to next term with its dates moved by a week", async ({ page, request }) => {
  const { courseId, title } = await courseToCopy(request);
  await signInByApi(page, DEMO.instructor);
  const dialog = await openCopyDialog(page, courseId);
  await expect(dialog.getByLabel("Title of the new course")).toHaveValue(`${title} (copy)`);
  await expect(dialog.getByText("Learners and enrollments")).toBeVisible();
  await audit(page, "course copy dialog");

  const newTitle = `${title} autumn`;
  await dialog.getByLabel("Title of the new course").fill(newTitle);
  await dialog.getByLabel("Move dates by (days)").fill("7");
  await dialog.getByRole("button", { name: "Copy course" }).click();

  await expect(page.getByRole("heading", { level: 1, name: newTitle })).toBeVisible();
  await expect(page).not.toHaveURL(`/courses/${courseId}`);
  await expect(page).toHaveURL(/\/courses\/[0-9a-f]{24}$/);
  await expect(page.getByText("Draft").first()).toBeVisible();
  await openCourseTab(page, "Content");
  await expect(page.getByText("Getting started").first()).toBeVisible();
  await expect(page.getByText("Week two").first()).toBeVisible();
  await openCourseTab(page, "Assessments");
  const quiz = page.getByRole("article", { name: "Spring quiz" });
  await expect(quiz.getByText(/Due .*Mar 17, 2027/)).toBeVisible();
});

test("at 360 px the dialog works from the keyboard and refuses a shift past ten years", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const { courseId } = await courseToCopy(request);
  await signInByApi(page, DEMO.instructor);
  await page.goto(`/courses/${courseId}`);
  await openCourseTab(page, "Settings");
  const opener = page.getByRole("button", { name: "Copy to next term" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Copy to next term" });
  await expect(dialog.getByLabel("Title of the new course")).toBeFocused();

  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Move dates by (days)")).toBeFocused();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("4000");
  await expect(dialog.getByText("The date shift must be between -3650 and 3650 days")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Copy course" })).toBeDisabled();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: test.info().outputPath(`course-copy-360-${colorScheme}.png`) });
  }
  await audit(page, "course copy dialog at 360 px");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("an admin's copy keeps the original's instructor unless they choose another", async ({ page, request }) => {
  const { courseId, title } = await courseToCopy(request);
  await signInByApi(page, DEMO.admin);
  const dialog = await openCopyDialog(page, courseId);
  await expect(dialog.getByText("The copy is a draft taught by the instructor you choose")).toBeVisible();
  await expect(dialog.getByLabel("Instructor")).toHaveValue(/[0-9a-f]{24}/);
  await expect(dialog.getByLabel("Instructor").locator("option:checked")).toHaveText(DEMO.instructor.name);
  await audit(page, "course copy dialog (admin)");
  await dialog.getByRole("button", { name: "Copy course" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${title} (copy)` })).toBeVisible();
  await expect(page.getByText(DEMO.instructor.name).first()).toBeVisible();
});
