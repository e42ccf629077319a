import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { openCourseTab } from "./support/course-tabs";
import { type Api, createCourseWithModule, unique } from "./support/courses";
import { makePdf } from "./support/files";

interface Detail {
  course: {
    modules: { title: string; lessons: { title: string; files: { name: string }[] }[] }[];
    materials: { title: string }[];
    announcements: { title: string }[];
  };
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/**
 * A course of the demo instructor: "Getting started" with lessons Alpha (files a.pdf, b.pdf), Beta and
 * Gamma; "Deep dive" with one lesson; two announcements and two link materials.
 */
async function seedCourse(request: Parameters<typeof createCourseWithModule>[0]) {
  const title = `A11y ${unique()}`;
  const { courseId, moduleId, instructor } = await createCourseWithModule(request, title);
  const base = `/instructor/courses/${courseId}`;
  const { lesson: alpha } = await instructor.post<{ lesson: { _id: string } }>(`${base}/modules/${moduleId}/lessons`, {
    title: "Alpha",
  });
  for (const name of ["a.pdf", "b.pdf"]) {
    await instructor.upload(`${base}/modules/${moduleId}/lessons/${alpha._id}/content`, "content", {
      name,
      mimeType: "application/pdf",
      buffer: makePdf(1),
    });
  }
  for (const lesson of ["Beta", "Gamma"]) {
    await instructor.post(`${base}/modules/${moduleId}/lessons`, { title: lesson });
  }
  const { module: deepDive } = await instructor.post<{ module: { _id: string } }>(`${base}/modules`, {
    title: "Deep dive",
  });
  await instructor.post(`${base}/modules/${deepDive._id}/lessons`, { title: "Advanced topics" });
  for (const news of ["First news", "Second news"]) {
    await instructor.post(`${base}/announcements`, { title: news, content: "Read this." });
  }
  for (const material of ["Reading list", "Glossary"]) {
    await instructor.form(`${base}/materials`, { title: material, description: "", url: "https://example.com/" });
  }
  return { title, courseId, base, instructor };
}

const stored = async (instructor: Api, base: string) => (await instructor.get<Detail>(base)).course;

async function openContent(page: Page, courseId: string, title: string) {
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await openCourseTab(page, "Content");
  return page.getByRole("tabpanel", { name: "Content" });
}

/** Confirms the open delete dialog titled `title` and waits for its toast. */
async function confirmDelete(page: Page, title: string, message: string) {
  await page.getByRole("alertdialog", { name: title }).getByRole("button", { name: title }).click();
  await expect(toast(page, message)).toBeVisible();
}

test("every module's and lesson's buttons name their module or lesson, keeping their visible words", async ({
  page,
  request,
}) => {
  const { title, courseId, base, instructor } = await seedCourse(request);
  await signIn(page, DEMO.instructor);
  const content = await openContent(page, courseId, title);
  await content.getByRole("button", { name: /^Deep dive/ }).click();
  const button = (name: string) => content.getByRole("button", { name, exact: true });

  for (const module of ["Getting started", "Deep dive"]) {
    await expect(button(`Add Lesson to ${module}`)).toHaveText("Add Lesson");
    await expect(button(`Add Files to ${module}`)).toHaveText("Add Files");
    await expect(button(`Edit module ${module}`)).toHaveText("Edit");
    await expect(button(`Delete module ${module}`)).toHaveText("Delete");
  }
  // No two modules share a button name any more.
  await expect(button("Add Lesson")).toHaveCount(0);
  await expect(button("Add Files")).toHaveCount(0);
  for (const lesson of ["Alpha", "Advanced topics"]) {
    await expect(button(`Files: add to ${lesson}`)).toHaveText("Files");
    await expect(button(`Delete lesson ${lesson}`)).toHaveText("Delete");
  }
  await expect(button("Delete file a.pdf")).toBeVisible();

  // The names lead to the right module: Deep dive's Add Lesson adds to Deep dive.
  await button("Add Lesson to Deep dive").click();
  const dialog = page.getByRole("dialog", { name: "Add Lesson" });
  await dialog.getByLabel("Title").fill("Going further");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Lesson created successfully.")).toBeVisible();
  await expect(button("Delete lesson Going further")).toBeVisible();
  expect((await stored(instructor, base)).modules.map((m) => m.lessons.map((l) => l.title))).toEqual([
    ["Alpha", "Beta", "Gamma"],
    ["Advanced topics", "Going further"],
  ]);
});

test("after a delete focus moves to the next row, else the previous one, else the list's add button", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { title, courseId, base, instructor } = await seedCourse(request);
  await signIn(page, DEMO.instructor);
  const content = await openContent(page, courseId, title);
  const button = (name: string, scope: Locator = content) => scope.getByRole("button", { name, exact: true });

  // Cancelling gives focus back to the delete button.
  await button("Delete lesson Beta").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alertdialog", { name: "Delete Lesson" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(button("Delete lesson Beta")).toBeFocused();

  // Lessons: Beta's next row is Gamma; Gamma then has only Alpha before it; Alpha leaves Add Lesson.
  await page.keyboard.press("Enter");
  await confirmDelete(page, "Delete Lesson", "Lesson deleted successfully.");
  await expect(button("Delete lesson Beta")).toHaveCount(0);
  await expect(button("Delete lesson Gamma")).toBeFocused();
  await page.keyboard.press("Enter");
  await confirmDelete(page, "Delete Lesson", "Lesson deleted successfully.");
  await expect(button("Delete lesson Gamma")).toHaveCount(0);
  await expect(button("Delete lesson Alpha")).toBeFocused();

  // Files of Alpha: a.pdf hands focus to b.pdf, b.pdf to the lesson's Files button.
  await button("Delete file a.pdf").click();
  await confirmDelete(page, "Delete File", "File deleted successfully.");
  await expect(button("Delete file a.pdf")).toHaveCount(0);
  await expect(button("Delete file b.pdf")).toBeFocused();
  await page.keyboard.press("Enter");
  await confirmDelete(page, "Delete File", "File deleted successfully.");
  await expect(button("Delete file b.pdf")).toHaveCount(0);
  await expect(button("Files: add to Alpha")).toBeFocused();

  await button("Delete lesson Alpha").click();
  await confirmDelete(page, "Delete Lesson", "Lesson deleted successfully.");
  await expect(button("Delete lesson Alpha")).toHaveCount(0);
  await expect(button("Add Lesson to Getting started")).toBeFocused();

  // Modules: the first hands focus to Deep dive's Delete, the last to the page's Add Module.
  await button("Delete module Getting started").click();
  await confirmDelete(page, "Delete Module", "Module deleted successfully.");
  await expect(content.getByRole("button", { name: /^Getting started/ })).toHaveCount(0);
  await expect(button("Delete module Deep dive")).toBeFocused();
  await page.keyboard.press("Enter");
  await confirmDelete(page, "Delete Module", "Module deleted successfully.");
  await expect(content.getByText("No modules yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Module" }).first()).toBeFocused();
  expect((await stored(instructor, base)).modules).toEqual([]);

  // Announcements on the Overview tab.
  await page.getByRole("tab", { name: "Overview" }).click();
  const announcements = page.getByRole("list", { name: "Announcements" });
  await button("Delete announcement First news", announcements).click();
  await confirmDelete(page, "Delete Announcement", "Announcement deleted successfully.");
  await expect(announcements.getByText("First news")).toHaveCount(0);
  await expect(button("Delete announcement Second news", announcements)).toBeFocused();
  await page.keyboard.press("Enter");
  await confirmDelete(page, "Delete Announcement", "Announcement deleted successfully.");
  await expect(page.getByText("No announcements yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "New Announcement" })).toBeFocused();

  // Materials.
  await page.getByRole("tab", { name: "Materials" }).click();
  const materials = page.getByRole("list", { name: "Materials" });
  await button("Delete material Reading list", materials).click();
  await confirmDelete(page, "Delete Material", "Material deleted successfully.");
  await expect(materials.getByText("Reading list")).toHaveCount(0);
  await expect(button("Delete material Glossary", materials)).toBeFocused();
  await page.keyboard.press("Enter");
  await confirmDelete(page, "Delete Material", "Material deleted successfully.");
  await expect(page.getByText("No materials yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload Material" }).first()).toBeFocused();
  const after = await stored(instructor, base);
  expect({ announcements: after.announcements, materials: after.materials }).toEqual({
    announcements: [],
    materials: [],
  });
});

test("at 360 px a lesson's buttons stay on its title's line", async ({ page, request }) => {
  const { title, courseId, base, instructor } = await seedCourse(request);
  const { modules } = await stored(instructor, base);
  expect(modules[0].lessons.map((l) => l.title)).toEqual(["Alpha", "Beta", "Gamma"]);
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, DEMO.instructor);
  const content = await openContent(page, courseId, title);

  for (const lesson of ["Alpha", "Gamma"]) {
    const titleBox = await content.getByText(lesson, { exact: true }).boundingBox();
    const deleteButton = content.getByRole("button", { name: `Delete lesson ${lesson}`, exact: true });
    await expect(deleteButton).toBeVisible();
    const deleteBox = await deleteButton.boundingBox();
    if (!titleBox || !deleteBox) throw new Error(`${lesson}: title or Delete not laid out`);
    // The two vertical ranges overlap: the button is on the title's line, not wrapped below it.
    expect(deleteBox.y).toBeLessThan(titleBox.y + titleBox.height);
    expect(titleBox.y).toBeLessThan(deleteBox.y + deleteBox.height);
    expect(deleteBox.x).toBeGreaterThan(titleBox.x + titleBox.width);
    expect(deleteBox.x + deleteBox.width).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
