import { expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiAs, createCourseWithModule, unique } from "./support/courses";

/** A seeded instructor who teaches none of the courses made here. */
const OTHER_INSTRUCTOR = {
  email: "maria.garcia@example.com",
  password: "Instructor123!",
  home: "/instructor/dashboard",
};

const materialsList = (page: Page) => page.getByRole("list", { name: "Materials" });

test("an instructor adds a link from /instructor/materials/new, then finds it by course and title; another instructor never sees it", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  const title = `Materials hub ${id}`;
  const materialTitle = `Reading list ${id}`;
  const { courseId } = await createCourseWithModule(request, title);
  const { courseId: otherCourseId, instructor } = await createCourseWithModule(request, `Second course ${id}`);
  await instructor.form(`/instructor/courses/${otherCourseId}/materials`, {
    title: `Glossary ${id}`,
    url: "https://example.com/glossary",
  });

  const page = await (await browser.newContext()).newPage();
  await signIn(page, DEMO.instructor);
  // The dashboard card's View All opens the workspace list.
  await page.getByRole("region", { name: "Course Materials" }).getByRole("link", { name: "View All" }).click();
  await expect(page).toHaveURL("/instructor/materials");
  await expect(page.getByRole("heading", { level: 1, name: "Course Materials" })).toBeVisible();

  await page.getByRole("link", { name: "Upload Material" }).click();
  await expect(page).toHaveURL("/instructor/materials/new");
  await expect(page.getByRole("heading", { level: 1, name: "Upload Material" })).toBeVisible();
  await page.getByLabel("Course", { exact: true }).selectOption({ label: title });
  await page.getByLabel("Title", { exact: true }).fill(materialTitle);
  await page.getByLabel("Description").fill("Chapters for week one");
  await page.getByRole("radio", { name: "Link" }).check();
  await page.getByLabel("URL").fill("ftp://example.com/reading");
  await page.getByRole("button", { name: "Upload Material" }).click();
  await expect(page.getByText("Please enter a valid URL (must start with http:// or https://)")).toBeVisible();
  await page.getByLabel("URL").fill("https://example.com/reading");
  await page.getByRole("button", { name: "Upload Material" }).click();

  await expect(page).toHaveURL("/instructor/materials");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Material created successfully." })).toBeVisible();
  const list = materialsList(page);
  const row = list.getByRole("listitem").filter({ hasText: materialTitle });
  await expect(row.getByRole("link", { name: `Open ${materialTitle}` })).toHaveAttribute(
    "href",
    "https://example.com/reading",
  );
  await expect(row.getByRole("link", { name: title })).toHaveAttribute("href", `/courses/${courseId}`);
  await expect(row).toContainText("Link");

  // Filter by course: the other course's material goes, this one stays.
  const glossary = list.getByRole("listitem").filter({ hasText: `Glossary ${id}` });
  await expect(glossary).toBeVisible();
  await page.getByLabel("Course", { exact: true }).selectOption({ label: title });
  await expect(page).toHaveURL(new RegExp(`course=${courseId}`));
  await expect(glossary).toBeHidden();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(row).toBeVisible();

  // Search by title, across all courses again.
  await page.getByLabel("Course", { exact: true }).selectOption({ label: "All courses" });
  await page.getByLabel("Search by title").fill(`reading LIST ${id}`);
  await expect(page).toHaveURL(/q=reading/);
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(row).toBeVisible();
  await page.getByLabel("Search by title").fill(`nothing-${id}`);
  await expect(page.getByText("No materials match these filters")).toBeVisible();

  // An address past the last page moves to the last page there is (this run's two materials: page 1).
  // Filtered to them: parallel journeys add materials to the same instructor's other courses.
  await page.goto(`/instructor/materials?q=${id}&page=999`);
  await expect(page).toHaveURL(`/instructor/materials?q=${id}`);
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // Another instructor's workspace does not list it, in the screen or through the api.
  const other = await (await browser.newContext()).newPage();
  await signIn(other, OTHER_INSTRUCTOR);
  await other.goto(`/instructor/materials?q=${id}`);
  await expect(other.getByText("No materials match these filters")).toBeVisible();
  const otherApi = await apiAs(request, OTHER_INSTRUCTOR);
  const seen = await otherApi.get<{ materials: unknown[] }>(`/instructor/materials?search=${id}`);
  expect(seen.materials).toEqual([]);
  const owner = await otherApi.get<{ pagination: { total: number } }>(`/instructor/materials?courseId=${courseId}`);
  expect(owner.pagination.total).toBe(0);
});
