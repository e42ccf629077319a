import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";
import { makePdf } from "./support/files";

/** The newest toast with `text` (an earlier one with the same text may still be showing). */
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

async function openCourse(page: Page, courseId: string, title: string) {
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

test("an instructor manages link and file materials and announcements; a learner only opens them", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `Materials ${unique()}`;
  const { courseId, instructor: instructorApi } = await createCourseWithModule(request, title);
  await publish(request, courseId);
  const learner = await registerLearner(request, "Reader");
  const admin = await apiAs(request, DEMO.admin);
  await admin.post(`/admin/courses/${courseId}/enrollments`, { userIds: [learner._id] });
  const materialTitles = async () =>
    (
      await instructorApi.get<{ materials: { title: string; url: string }[] }>(
        `/instructor/courses/${courseId}/materials`,
      )
    ).materials;

  const page = await newPage(browser);
  await signIn(page, DEMO.instructor);
  await openCourse(page, courseId, title);
  await page.getByRole("tab", { name: "Materials" }).click();
  const materials = page.getByRole("list", { name: "Materials" });

  // A link: a bad address is refused in the form, a good one is created.
  await page.getByRole("button", { name: "Upload Material" }).first().click();
  let dialog = page.getByRole("dialog", { name: "Upload Material" });
  await dialog.getByLabel("Title").fill("Reading list");
  await dialog.getByLabel("Description").fill("Chapters for week one");
  await dialog.getByRole("radio", { name: "Link" }).check();
  await dialog.getByLabel("URL").fill("javascript:alert(1)");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText("Please enter a valid URL (must start with http:// or https://)")).toBeVisible();
  await dialog.getByLabel("URL").fill("https://example.com/reading");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Material created successfully.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(materials.getByRole("link", { name: "Open Reading list" })).toHaveAttribute(
    "href",
    "https://example.com/reading",
  );

  // A file, uploaded from the same dialog.
  await page.getByRole("button", { name: "Upload Material" }).first().click();
  dialog = page.getByRole("dialog", { name: "Upload Material" });
  await dialog.getByLabel("Title").fill("Week 1 slides");
  await expect(dialog.getByRole("radio", { name: "File" })).toBeChecked();
  await dialog
    .getByLabel("File to upload")
    .setInputFiles({ name: "week1.pdf", mimeType: "application/pdf", buffer: makePdf(1) });
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Material created successfully.")).toBeVisible();
  await expect(materials.getByRole("link", { name: "Download Week 1 slides" })).toBeVisible();
  expect((await materialTitles()).map((m) => m.title).sort()).toEqual(["Reading list", "Week 1 slides"]);

  // Edit the link; the change is stored.
  await materials.getByRole("button", { name: "Edit material Reading list" }).click();
  dialog = page.getByRole("dialog", { name: "Edit Material" });
  await expect(dialog.getByLabel("URL")).toHaveValue("https://example.com/reading");
  await dialog.getByLabel("Title").fill("Reading list, revised");
  await dialog.getByLabel("URL").fill("https://example.com/reading-v2");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Material updated successfully.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(materials.getByRole("link", { name: "Open Reading list, revised" })).toHaveAttribute(
    "href",
    "https://example.com/reading-v2",
  );

  // Delete the file after confirming: gone from the screen, the api and its download link.
  const fileUrl = (await materialTitles()).find((m) => m.title === "Week 1 slides")?.url ?? "";
  expect((await request.get(fileUrl)).status()).toBe(200);
  await materials.getByRole("button", { name: "Delete material Week 1 slides" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Material" });
  await expect(confirm).toContainText("Its file is deleted too.");
  await confirm.getByRole("button", { name: "Delete Material" }).click();
  await expect(toast(page, "Material deleted successfully.")).toBeVisible();
  await expect(materials.getByText("Week 1 slides")).toHaveCount(0);
  expect((await materialTitles()).map((m) => m.title)).toEqual(["Reading list, revised"]);
  expect((await request.get(fileUrl)).status()).toBe(404);

  // Announcements on the Overview tab: post, edit (kept after a reload), delete.
  await page.getByRole("tab", { name: "Overview" }).click();
  await page.getByRole("button", { name: "New Announcement" }).click();
  dialog = page.getByRole("dialog", { name: "Add Announcement" });
  await dialog.getByLabel("Title").fill("Welcome");
  await dialog.getByLabel("Content").fill("Read chapter one first.");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Announcement created successfully.")).toBeVisible();
  const announcements = page.getByRole("list", { name: "Announcements" });
  await expect(announcements.getByText("Read chapter one first.")).toBeVisible();
  const storedAnnouncements = async () =>
    (
      await instructorApi.get<{ announcements: { title: string; content: string }[] }>(
        `/instructor/courses/${courseId}/announcements`,
      )
    ).announcements;
  expect(await storedAnnouncements()).toMatchObject([{ title: "Welcome", content: "Read chapter one first." }]);

  await announcements.getByRole("button", { name: "Edit announcement Welcome" }).click();
  dialog = page.getByRole("dialog", { name: "Edit Announcement" });
  await dialog.getByLabel("Title").fill("Welcome aboard");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Announcement updated successfully.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(announcements.getByText("Welcome aboard", { exact: true })).toBeVisible();
  await expect(announcements.getByText("Welcome", { exact: true })).toHaveCount(0);

  await announcements.getByRole("button", { name: "Delete announcement Welcome aboard" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete Announcement" })
    .getByRole("button", { name: "Delete Announcement" })
    .click();
  await expect(toast(page, "Announcement deleted successfully.")).toBeVisible();
  await expect(page.getByText("No announcements yet.")).toBeVisible();
  expect(await storedAnnouncements()).toEqual([]);

  // The learner sees the link and opens it in a new tab, without any manage control.
  const learnerPage = await newPage(browser);
  await learnerPage
    .context()
    .route("https://example.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Reading</title><h1>Reading list</h1>" }),
    );
  await signIn(learnerPage, { ...learner, home: "/dashboard" });
  await openCourse(learnerPage, courseId, title);
  // The announcements card has loaded, so the missing button is not just a page still rendering.
  await expect(learnerPage.getByText("No announcements yet.")).toBeVisible();
  await expect(learnerPage.getByRole("button", { name: "New Announcement" })).toHaveCount(0);
  await learnerPage.getByRole("tab", { name: "Materials" }).click();
  const open = learnerPage.getByRole("link", { name: "Open Reading list, revised" });
  await expect(open).toHaveAttribute("href", "https://example.com/reading-v2");
  await expect(open).toHaveAttribute("target", "_blank");
  await expect(open).toHaveAttribute("rel", "noopener noreferrer");
  await expect(learnerPage.getByRole("button", { name: /^(Edit|Delete) material/ })).toHaveCount(0);
  await expect(learnerPage.getByRole("button", { name: "Upload Material" })).toHaveCount(0);
  const [tab] = await Promise.all([learnerPage.context().waitForEvent("page"), open.click()]);
  await expect(tab).toHaveURL("https://example.com/reading-v2");
  await expect(tab.getByRole("heading", { name: "Reading list" })).toBeVisible();
});
