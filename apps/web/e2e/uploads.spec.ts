import { expect, type Page, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { signInByApi } from "./support/axe";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

/** A 2 × 2 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGP4zwAE/0EISAAAHPED/afn7MUAAAAASUVORK5CYII=",
  "base64",
);

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test("the Add Files dialog says what it takes before a file is chosen, and a .txt file uploads", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { courseId } = await createCourseWithModule(request, `Any file ${unique()}`);
  await signInByApi(page, DEMO.instructor);
  await page.goto(`/courses/${courseId}`);
  await page.getByRole("tab", { name: "Content" }).click();
  await page.getByRole("button", { name: "Add Files" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Files" });
  const input = dialog.getByLabel("Files", { exact: true });
  await expect(dialog.getByText("Any file type. At most 100 MB per file.")).toBeVisible();
  await expect(input).toHaveAccessibleDescription("Any file type. At most 100 MB per file.");
  await dialog.getByLabel("Lesson title").fill("Reading notes");
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Read chapter 2.\n") });
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(toast(page, "Files uploaded successfully.")).toBeVisible();
  const lessonRow = page.getByRole("listitem").filter({ hasText: "Reading notes" });
  await expect(lessonRow.getByText("1 file")).toBeVisible();
});

test("an image added to a new question before the first save is the question's image for the learner", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const courseTitle = `Unsaved image ${unique()}`;
  const { courseId } = await createCourseWithModule(request, courseTitle);
  await publish(request, courseId);
  const learner = await registerLearner(request, "Looker");
  await (await apiAs(request, learner)).post(`/courses/${courseId}/enroll`);

  await signInByApi(page, DEMO.instructor);
  await page.goto(`/instructor/assessments/new?course=${courseId}`);
  await expect(page.getByRole("heading", { level: 1, name: "New Assessment" })).toBeVisible();
  await page.getByLabel("Course", { exact: true }).selectOption({ label: courseTitle });
  const title = `Chart quiz ${unique()}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("New question type").selectOption({ label: "True / false" });
  await page.getByRole("button", { name: "Add question" }).click();
  const card = page.getByRole("region", { name: "Question 1", exact: true });
  await card.getByRole("textbox", { name: "Question text" }).fill("The line in the chart rises.");
  await card.getByRole("radio", { name: "True" }).check();
  await expect(card.getByText("Allowed: PNG, JPG, GIF, or WEBP. At most 5 MB per file.")).toBeVisible();
  await card.getByLabel("Image description (alt text)").fill("A rising line chart");
  await card
    .getByLabel("Image for question 1")
    .setInputFiles({ name: "chart.png", mimeType: "image/png", buffer: PNG });
  await expect(card.getByRole("img", { name: "A rising line chart" })).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/instructor\/assessments\/[0-9a-f]{24}\/edit$/);
  const assessmentId = /assessments\/([0-9a-f]{24})\/edit/.exec(page.url())?.[1];

  const learnerPage = await (await browser.newContext()).newPage();
  await signInByApi(learnerPage, learner);
  await learnerPage.goto(`/courses/${courseId}/assessments/${assessmentId}`);
  await expect(learnerPage.getByRole("heading", { name: "Question 1 of 1" })).toBeVisible();
  const image = learnerPage.getByRole("img", { name: "A rising line chart" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await learnerPage.context().close();
});

test("an instructor uploads the course picture in the settings and the catalogue card shows it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const title = `Pictured course ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title);
  await publish(request, courseId);
  await signInByApi(page, DEMO.instructor);
  await page.goto(`/courses/${courseId}`);
  await page.getByRole("tab", { name: "Settings" }).click();
  const upload = page.getByRole("button", { name: "Upload picture" });
  await expect(upload).toHaveAccessibleDescription("Allowed: PNG, JPG, GIF, or WEBP. At most 5 MB per file.");
  await page.getByLabel("Picture file").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
  await expect(toast(page, "Course picture updated")).toBeVisible();
  await expect(page.getByRole("button", { name: "Change picture" })).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/courses?search=${encodeURIComponent(title)}`);
  const card = visitor.locator(`a[href="/courses/${courseId}"]`);
  const picture = card.locator(`img[src^="/api/courses/${courseId}/picture"]`);
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await visitor.context().close();
});
