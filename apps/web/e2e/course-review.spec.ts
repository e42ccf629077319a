import { type Browser, expect, type Page, test } from "@playwright/test";
import { appReady, DEMO, signIn } from "./support/auth";
import { apiAs, createCourseWithModule, unique } from "./support/courses";

/** A signed-in page of its own, so instructor and admin work side by side. */
async function pageAs(browser: Browser, account: (typeof DEMO)[keyof typeof DEMO]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const header = (page: Page) => page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });

test("an instructor edits their draft, submits it, is sent back, resubmits, and an admin publishes it", async ({
  browser,
  request,
}) => {
  const id = unique();
  const typo = `Reveiw workflow ${id}`;
  const title = `Review workflow ${id}`;
  // A category of its own: the course gets published, and other journeys count the demo categories' courses.
  const category = `Review ${id}`;
  await (await apiAs(request, DEMO.admin)).post("/categories", { name: category });
  const instructor = await pageAs(browser, DEMO.instructor);

  // Create a course on screen, with a typo in its title.
  await instructor.goto("/courses");
  await appReady(instructor);
  await instructor.getByRole("button", { name: "Create Course" }).click();
  const dialog = instructor.getByRole("dialog", { name: "Create Course" });
  await dialog.getByLabel("Title *").fill(typo);
  await dialog.getByLabel("Short description *").fill("A course that goes through review.");
  await dialog.getByLabel("Description *", { exact: true }).fill("Made by the review journey.");
  await dialog.getByLabel("Category *").selectOption({ label: category });
  await dialog.getByLabel("Duration (minutes) *").fill("45");
  await dialog.getByRole("button", { name: "Create Course" }).click();
  await expect(instructor.getByRole("heading", { level: 1, name: typo })).toBeVisible();
  const courseId = instructor.url().split("/").pop() ?? "";
  await expect(header(instructor).getByText("Draft", { exact: true })).toBeVisible();

  // Fix the title in the Settings tab; there is no instructor picker.
  await instructor.getByRole("tab", { name: "Settings" }).click();
  await instructor.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(instructor.getByLabel("Instructor *")).toHaveCount(0);
  await instructor.getByLabel("Title *").fill(title);
  await instructor.getByRole("button", { name: "Save Changes" }).click();
  await expect(instructor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const api = await apiAs(request, DEMO.instructor);
  const { course } = await api.get<{ course: { title: string; published: boolean } }>(
    `/instructor/courses/${courseId}`,
  );
  expect(course).toMatchObject({ title, published: false });

  // Publishing is for admins (the setting is off): the instructor submits for review.
  await expect(instructor.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
  await instructor.getByRole("button", { name: "Submit for review" }).click();
  await expect(toast(instructor, "Course submitted for review")).toBeVisible();
  await expect(instructor.getByText("In review", { exact: true })).toBeVisible();
  await expect(instructor.getByRole("button", { name: "Submit for review" })).toHaveCount(0);

  // The admin opens Review Courses from the dashboard and sends it back.
  const admin = await pageAs(browser, DEMO.admin);
  await admin.getByRole("link", { name: /Review Courses/ }).click();
  await expect(admin).toHaveURL("/admin/reviews");
  const row = admin.getByRole("listitem", { name: title });
  await expect(row).toContainText(DEMO.instructor.name);
  await row.getByRole("button", { name: `Send back ${title}` }).click();
  const sendBack = admin.getByRole("dialog", { name: "Send back for changes" });
  await sendBack.getByRole("button", { name: "Send back" }).click();
  await expect(sendBack.getByText("Please say what needs to change")).toBeVisible();
  const comment = `Please add learning outcomes (${id}).`;
  await sendBack.getByLabel("Comment *").fill(comment);
  await sendBack.getByRole("button", { name: "Send back" }).click();
  await expect(toast(admin, "Course sent back to the instructor")).toBeVisible();
  await expect(row).toHaveCount(0);

  // The instructor sees the comment on the course, and submits again.
  await instructor.getByRole("tab", { name: "Overview" }).click();
  await instructor.reload();
  const banner = instructor.getByTestId("review-comment");
  await expect(banner).toContainText(comment);
  await expect(banner).toContainText(DEMO.admin.name);
  await banner.getByRole("button", { name: "Edit course" }).click();
  await expect(instructor.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
  await instructor.getByRole("button", { name: "Submit again" }).click();
  await expect(toast(instructor, "Course submitted for review")).toBeVisible();

  // The admin publishes it from the list.
  await admin.reload();
  await admin
    .getByRole("listitem", { name: title })
    .getByRole("button", { name: `Publish ${title}` })
    .click();
  await expect(toast(admin, "Course published")).toBeVisible();
  await expect(admin.getByRole("listitem", { name: title })).toHaveCount(0);

  // Published: the Draft badge is gone and the course is in the catalogue.
  await instructor.goto(`/courses/${courseId}`);
  await expect(instructor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(header(instructor).getByText("Draft", { exact: true })).toHaveCount(0);
  const published = await api.get<{ course: { published: boolean } }>(`/courses/${courseId}`);
  expect(published.course.published).toBe(true);
});

test("instructors have a Sessions entry in the navigation bar", async ({ page }) => {
  await signIn(page, DEMO.instructor);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Sessions" }).click();
  await expect(page).toHaveURL("/instructor/sessions");
});

test("learners have no Sessions entry", async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sessions" })).toHaveCount(0);
});

test("the Batch tab offers learners only and marks enrolled users of other roles", async ({ page, request }) => {
  const title = `Batch roles ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title);
  const admin = await apiAs(request, DEMO.admin);
  const { user } = await admin.get<{ user: { _id: string } }>("/auth/profile");
  await admin.post(`/admin/courses/${courseId}/enrollments`, { userIds: [user._id] });

  await signIn(page, DEMO.admin);
  await page.goto(`/courses/${courseId}`);
  await page.getByRole("tab", { name: "Batch" }).click();
  const enrolled = page.getByRole("list", { name: "Enrolled students" }).getByRole("listitem");
  await expect(enrolled).toHaveCount(1);
  await expect(enrolled).toContainText(DEMO.admin.name);
  await expect(enrolled.getByText("Admin", { exact: true })).toBeVisible();

  await page.getByLabel("Search users by name or e-mail").fill("Ivan");
  await expect(page.getByText("No other learners match your search.")).toBeVisible();
  await page.getByLabel("Search users by name or e-mail").fill("Lena");
  await expect(page.getByRole("checkbox", { name: `Select ${DEMO.learner.name}` })).toBeVisible();
});
