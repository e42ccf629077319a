import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

/** A 2 × 2 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGP4zwAE/0EISAAAHPED/afn7MUAAAAASUVORK5CYII=",
  "base64",
);

/** A published course with an enrolled learner and a published quiz of one true/false question. */
async function quizWithLearner(request: Parameters<typeof createCourseWithModule>[0]) {
  const courseTitle = `Pictured ${unique()}`;
  const { courseId, instructor } = await createCourseWithModule(request, courseTitle);
  await publish(request, courseId);
  const title = `Chart quiz ${unique()}`;
  const { assessment } = await instructor.post<{ assessment: { _id: string } }>(
    `/instructor/courses/${courseId}/assessments`,
    {
      title,
      published: true,
      questions: [{ type: "true_false", text: "The line in the chart rises.", points: 1, correct: true }],
    },
  );
  const learner = await registerLearner(request, "Viewer");
  await (await apiAs(request, learner)).post(`/courses/${courseId}/enroll`);
  return { courseId, title, assessmentId: assessment._id, learner };
}

test("an instructor adds an image with alt text to a question and the learner sees it in the attempt", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { courseId, title, assessmentId, learner } = await quizWithLearner(request);

  await signIn(page, DEMO.instructor);
  await page.goto(`/instructor/assessments/${assessmentId}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: `Edit: ${title}` })).toBeVisible();
  const card = page.getByRole("region", { name: "Question 1", exact: true });
  await card.getByLabel("Image description (alt text)").fill("A line chart going up");
  await card
    .getByLabel("Image for question 1")
    .setInputFiles({ name: "chart.png", mimeType: "image/png", buffer: PNG });
  await expect(card.getByRole("img", { name: "A line chart going up" })).toBeVisible();
  // The alt text typed is an unsaved edit until Save.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);

  const preview = page.getByRole("button", { name: "Preview as a learner" });
  await preview.click();
  await expect(page.getByRole("dialog").getByRole("img", { name: "A line chart going up" })).toBeVisible();
  await page.keyboard.press("Escape");

  const learnerPage = await (await browser.newContext()).newPage();
  await signIn(learnerPage, { ...learner, home: "/dashboard" });
  await learnerPage.goto(`/courses/${courseId}/assessments/${assessmentId}`);
  await expect(learnerPage.getByRole("heading", { name: "Question 1 of 1" })).toBeVisible();
  const image = learnerPage.getByRole("img", { name: "A line chart going up" });
  await expect(image).toBeVisible();
  // The browser really loaded it through its signed link.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await learnerPage.getByRole("radio", { name: "True" }).check();
  await learnerPage.getByRole("button", { name: "Submit assessment" }).click();
  await learnerPage.getByRole("alertdialog").getByRole("button", { name: "Submit" }).click();
  await expect(learnerPage.getByTestId("attempt-score")).toHaveText("1 / 1");
  // The result keeps the image of the question it shows.
  await expect(
    learnerPage.getByRole("list", { name: "Answers" }).getByRole("img", { name: "A line chart going up" }),
  ).toBeVisible();
  await learnerPage.context().close();
});

test("the editor asks before leaving with unsaved changes, and not once they are saved", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { assessmentId, title } = await quizWithLearner(request);
  await signIn(page, DEMO.instructor);
  const editUrl = `/instructor/assessments/${assessmentId}/edit`;
  await page.goto(editUrl);
  await expect(page.getByRole("heading", { level: 1, name: `Edit: ${title}` })).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill(`${title} v2`);
  await page.getByRole("link", { name: "Back to assessments" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(editUrl);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} v2`);

  // Closing the tab gets the browser's own prompt while edits are unsaved.
  const beforeUnload = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const prompt = await beforeUnload;
  expect(prompt.type()).toBe("beforeunload");
  await prompt.dismiss();

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  await page.getByRole("link", { name: "Back to assessments" }).click();
  await expect(page).toHaveURL("/instructor/assessments");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  // Leaving anyway discards the edit.
  await page.goto(editUrl);
  await page.getByLabel("Title", { exact: true }).fill("Never saved");
  await page.getByRole("link", { name: "Back to assessments" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL("/instructor/assessments");
});
