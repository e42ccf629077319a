import { type Browser, expect, type Page, test } from "@playwright/test";
import { appReady, DEMO, fillLogin } from "./support/auth";
import { apiAs, registerLearner, unique } from "./support/courses";
import { lessonVideo, makePdf } from "./support/files";

async function signedInPage(browser: Browser, account: { email: string; password: string }, home: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await fillLogin(page, account.email, account.password);
  await expect(page).toHaveURL(home);
  return page;
}

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** Reads the lesson's video element. */
const video = (page: Page) => page.locator("video");
const videoTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

test("an instructor builds a course, an admin publishes it and enrolls a learner, who learns and progresses", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const title = `Journey course ${unique()}`;
  const learner = await registerLearner(request, "Journey");

  // The instructor creates the course, a module and a lesson with a video and a two-page PDF.
  const instructor = await signedInPage(browser, DEMO.instructor, DEMO.instructor.home);
  await instructor.goto("/courses");
  await appReady(instructor);
  await expect(instructor.getByRole("heading", { level: 1, name: "My Teaching Courses" })).toBeVisible();
  await instructor.getByRole("button", { name: "Create Course" }).click();
  const dialog = instructor.getByRole("dialog", { name: "Create Course" });
  await dialog.getByRole("button", { name: "Create Course" }).click();
  await expect(
    toast(instructor, "Please fill in all required fields and ensure duration is at least 1 minute."),
  ).toBeVisible();
  await dialog.getByLabel("Title *").fill(title);
  await dialog.getByLabel("Short description *").fill("A journey through the whole product.");
  await dialog
    .getByLabel("Description *", { exact: true })
    .fill("Everything a course team and its learners do, end to end.");
  await dialog.getByLabel("Category *").selectOption({ label: "Development" });
  await dialog.getByLabel("Duration (minutes) *").fill("90");
  await dialog.getByLabel("Tags").fill("e2e, journey");
  await dialog.getByRole("button", { name: "Create Course" }).click();
  await expect(toast(instructor, "Course created successfully!")).toBeVisible();
  await expect(instructor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const courseUrl = new URL(instructor.url()).pathname;

  await instructor.getByRole("button", { name: "Add Module" }).first().click();
  const moduleDialog = instructor.getByRole("dialog", { name: "Add Module" });
  await expect(moduleDialog.getByRole("button", { name: "Create" })).toBeDisabled();
  await moduleDialog.getByLabel("Title").fill("First steps");
  await moduleDialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(instructor, "Module created successfully.")).toBeVisible();
  const courseId = courseUrl.split("/").pop() ?? "";
  const instructorApi = await apiAs(request, DEMO.instructor);
  const stored = async () =>
    (
      await instructorApi.get<{
        course: { published: boolean; modules: { title: string; lessons: { title: string; files: unknown[] }[] }[] };
      }>(`/instructor/courses/${courseId}`)
    ).course;
  expect((await stored()).modules.map((m) => m.title)).toEqual(["First steps"]);

  await instructor.getByRole("tab", { name: "Content" }).click();
  await expect(instructor.getByRole("button", { name: /^First steps/ })).toBeVisible();
  await instructor.getByRole("button", { name: "Add Files" }).click();
  const files = instructor.getByRole("dialog", { name: "Add Files" });
  await files.getByRole("button", { name: "Upload" }).click();
  await expect(toast(instructor, "Please enter a lesson title.")).toBeVisible();
  await files.getByLabel("Lesson title").fill("Watch and read");
  await files.getByRole("button", { name: "Upload" }).click();
  await expect(toast(instructor, "Please select at least one file to upload.")).toBeVisible();
  await files.getByLabel("Files", { exact: true }).setInputFiles([
    { name: "intro.mp4", mimeType: "video/mp4", buffer: lessonVideo() },
    { name: "slides.pdf", mimeType: "application/pdf", buffer: makePdf(2) },
  ]);
  await files.getByRole("button", { name: "Upload" }).click();
  await expect(toast(instructor, "Files uploaded successfully.")).toBeVisible();
  const lessonRow = instructor.getByRole("listitem").filter({ hasText: "Watch and read" });
  await expect(lessonRow.getByText("2 files")).toBeVisible();
  await expect(lessonRow.getByText("Published")).toBeVisible();
  expect((await stored()).modules[0].lessons).toMatchObject([{ title: "Watch and read", files: [{}, {}] }]);
  await instructor.context().close();

  // The admin publishes it and adds the learner in Batch.
  const admin = await signedInPage(browser, DEMO.admin, DEMO.admin.home);
  await admin.goto(courseUrl);
  await expect(admin.getByText("Draft", { exact: true }).first()).toBeVisible();
  expect((await stored()).published).toBe(false);
  await admin.getByRole("tab", { name: "Settings" }).click();
  await admin.getByRole("button", { name: "Publish" }).click();
  await expect(toast(admin, "Course published")).toBeVisible();
  await expect(admin.getByText("Draft", { exact: true })).toHaveCount(0);
  expect((await stored()).published).toBe(true);
  await admin.getByRole("tab", { name: "Batch" }).click();
  await admin.getByLabel("Search users by name or e-mail").fill(learner.email);
  await admin.getByRole("button", { name: `Add ${learner.name}` }).click();
  await expect(toast(admin, "1 user(s) added to the course.")).toBeVisible();
  await expect(admin.getByRole("list", { name: "Enrolled students" }).getByText(learner.email)).toBeVisible();
  await admin.context().close();

  // The learner watches, reads, takes notes and sees progress rise.
  const page = await signedInPage(browser, learner, "/dashboard");
  await page.goto(courseUrl);
  await expect(page.getByTestId("course-progress")).toHaveText("0%");
  await page.getByRole("tab", { name: "Content" }).click();
  await page.getByRole("link", { name: /Watch and read/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Watch and read" })).toBeVisible();

  // Files are listed in the api's order; pick the video.
  await page.getByRole("button", { name: /intro\.mp4/ }).click();
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await video(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => videoTime(page)).toBeGreaterThan(0.3);
  const saved = page.waitForResponse((r) => r.url().includes("/progress") && r.request().method() === "POST");
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.currentTime = 6;
    v.pause();
  });
  await saved;
  await page.reload();
  await page.getByRole("button", { name: /intro\.mp4/ }).click();
  await expect.poll(() => videoTime(page)).toBeGreaterThan(5);

  await video(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = 11;
    await v.play();
  });
  await expect(page.getByText("1 of 1 videos")).toBeVisible();

  await page.getByRole("button", { name: /slides\.pdf/ }).click();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await expect(page.getByTestId("lesson-progress")).toHaveText("100%");
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(page.getByRole("img", { name: "Page 2 of 2 of slides.pdf" })).toBeVisible();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByLabel("Zoom level")).toHaveText("120%");
  await page.getByRole("button", { name: "Rotate" }).click();
  await expect(page.getByRole("img", { name: "Page 2 of 2 of slides.pdf, rotated 90°" })).toBeVisible();

  await page.getByRole("tab", { name: "Notes" }).click();
  await page.getByLabel("Your notes for this lesson").fill("Seek works; remember page 2.");
  await expect(page.getByText("28 characters")).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Notes" }).click();
  await expect(page.getByLabel("Your notes for this lesson")).toHaveValue("Seek works; remember page 2.");

  await page.goto(courseUrl);
  await expect(page.getByTestId("course-progress")).toHaveText("100%");
  await expect(page.getByText("Videos completed:")).toBeVisible();
  await page.goto("/dashboard");
  const continueCard = page
    .getByRole("region", { name: "Continue Learning" })
    .getByRole("listitem")
    .filter({ hasText: title });
  await expect(continueCard.getByText("Progress: 100%")).toBeVisible();
  // The label is always there; its count is this fresh learner's one completed course.
  await expect(page.locator("dt", { hasText: "Courses complete" }).locator("xpath=following-sibling::dd")).toHaveText(
    "1",
  );
});
