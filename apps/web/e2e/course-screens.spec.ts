import { expect, test } from "@playwright/test";
import { appReady, DEMO, signIn } from "./support/auth";
import { createCourseWithModule, unique } from "./support/courses";

test("each role gets its own course list title", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto("/courses");
  await appReady(page);
  await expect(page.getByRole("heading", { level: 1, name: "All Courses" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Course" })).toBeVisible();
});

test("learners search the catalogue from the navigation bar", async ({ page }) => {
  await signIn(page, DEMO.learner);
  await page.getByRole("searchbox", { name: "Search courses" }).fill("Python");
  await page.getByRole("searchbox", { name: "Search courses" }).press("Enter");
  await expect(page).toHaveURL("/courses?search=Python");
  await expect(page.getByRole("heading", { level: 1, name: "Active Courses" })).toBeVisible();
  const catalogue = page.getByRole("list", { name: "Catalogue" });
  await expect(catalogue.getByRole("heading", { name: "Python for Data Analysis" })).toBeVisible();
  await expect(catalogue.getByRole("heading", { name: "UI Design Fundamentals" })).toBeHidden();
});

test("an admin must choose an instructor to create a course", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto("/courses");
  await appReady(page);
  await page.getByRole("button", { name: "Create Course" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Course" });
  await dialog.getByLabel("Title *").fill(`Admin course ${unique()}`);
  await dialog.getByLabel("Short description *").fill("Created by an admin for an instructor.");
  await dialog.getByLabel("Description *", { exact: true }).fill("Checks the instructor rule.");
  await dialog.getByLabel("Category *").selectOption({ label: "Design" });
  await dialog.getByLabel("Duration (minutes) *").fill("30");
  await dialog.getByRole("button", { name: "Create Course" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Please select an instructor." })).toBeVisible();
  await dialog.getByLabel("Instructor *").selectOption({ label: DEMO.instructor.name });
  await dialog.getByRole("button", { name: "Create Course" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Course created successfully!" })).toBeVisible();
  await expect(page.getByText(DEMO.instructor.name).first()).toBeVisible();
});

test("the course tab is remembered, unknown courses and lessons are handled", async ({ page, request }) => {
  const { courseId, moduleId, instructor } = await createCourseWithModule(request, `Tabs ${unique()}`);
  await signIn(page, DEMO.instructor);
  await page.goto(`/courses/${courseId}`);
  await page.getByRole("tab", { name: "Materials" }).click();
  await expect(page.getByRole("button", { name: "Upload Material" }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("tab", { name: "Materials" })).toHaveAttribute("aria-selected", "true");

  await page.goto(`/courses/${courseId}/lessons/000000000000000000000000`);
  await expect(page.getByRole("heading", { name: "Lesson Not Found" })).toBeVisible();
  const { lesson } = await instructor.post<{ lesson: { _id: string } }>(
    `/instructor/courses/${courseId}/modules/${moduleId}/lessons`,
    { title: "Empty lesson" },
  );
  await page.goto(`/courses/${courseId}/lessons/000000000000000000000000`);
  await expect(page).toHaveURL(`/courses/${courseId}/lessons/${lesson._id}`);
  await expect(page.getByText("No content files available")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Content" })).toBeVisible();

  await page.goto("/courses/0123456789abcdef01234567");
  await expect(page.getByRole("heading", { name: "Course Not Found" })).toBeVisible();
  await expect(page.getByText("The course you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole("link", { name: "Back to Courses" }).click();
  await expect(page).toHaveURL("/courses");
});

test("an admin deletes a course after the confirmation", async ({ page, request }) => {
  const title = `Doomed ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title);
  await signIn(page, DEMO.admin);
  await page.goto(`/courses/${courseId}`);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Delete Course" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this course? This action cannot be undone.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL("/courses");
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole("heading", { name: "Course Not Found" })).toBeVisible();
});
