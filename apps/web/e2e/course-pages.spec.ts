import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { signInByApi } from "./support/axe";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";
import { makePdf } from "./support/files";

interface Detail {
  course: { modules: { lessons: { _id: string; title: string; files: { _id: string }[] }[] }[] };
}

/** A published course of the demo instructor with lessons "First steps" and "Second steps", one pdf each. */
async function courseWithTwoLessons(request: Parameters<typeof createCourseWithModule>[0], title: string) {
  const { courseId, moduleId, instructor } = await createCourseWithModule(request, title);
  const base = `/instructor/courses/${courseId}/modules/${moduleId}/lessons`;
  for (const lesson of ["First steps", "Second steps"]) {
    const created = await instructor.post<{ lesson: { _id: string } }>(base, { title: lesson });
    await instructor.upload(`${base}/${created.lesson._id}/content`, "content", {
      name: `${lesson}.pdf`,
      mimeType: "application/pdf",
      buffer: makePdf(1),
    });
  }
  await publish(request, courseId);
  return courseId;
}

/** The element lies wholly inside the page's viewport. */
async function expectInViewport(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  expect(box, "the element is rendered").not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

test("a learner starts a course, continues at the next unfinished lesson, and opens lessons from the syllabus", async ({
  page,
  request,
}) => {
  const courseId = await courseWithTwoLessons(request, `Next lesson ${unique()}`);
  const learner = await registerLearner(request, "Next");
  const api = await apiAs(request, learner);
  await api.post(`/courses/${courseId}/enroll`);
  const { course } = await api.get<Detail>(`/courses/${courseId}/detail`);
  const [first, second] = course.modules[0]?.lessons ?? [];
  if (!first || !second) throw new Error("the course has its two lessons");

  await signInByApi(page, learner);
  await page.goto(`/courses/${courseId}`);
  await page.getByRole("link", { name: "Start", exact: true }).click();
  await expect(page).toHaveURL(`/courses/${courseId}/lessons/${first._id}`);

  // The first lesson's file opened (the viewer reports it), Continue leads to the second one.
  await api.post(`/courses/${courseId}/lessons/${first._id}/progress`, { fileId: first.files[0]?._id });
  await page.goto(`/courses/${courseId}`);
  await page.getByRole("link", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL(`/courses/${courseId}/lessons/${second._id}`);

  await page.goto(`/courses/${courseId}`);
  await page.getByRole("link", { name: "First steps", exact: true }).click();
  await expect(page).toHaveURL(`/courses/${courseId}/lessons/${first._id}`);
});

test("an instructor opening another instructor's course sees Access Denied and no Enroll offer", async ({
  page,
  request,
}) => {
  const courseId = await courseWithTwoLessons(request, `Not mine ${unique()}`);
  const superAdmin = await apiAs(request, DEMO.superAdmin);
  const stranger = { email: `stranger-${unique()}@example.test`, password: "Instructor123!" };
  await superAdmin.post("/admin/users", { name: "Stella Stranger", ...stranger, role: "instructor" });

  await signInByApi(page, stranger);
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this course.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Enroll/ })).toHaveCount(0);
});

test("admins filter, sort and bulk-unpublish courses in the All Courses table", async ({ page, request }) => {
  const prefix = `Bulk ${unique()}`;
  for (const name of ["Beta", "Alpha"]) {
    const { courseId } = await createCourseWithModule(request, `${prefix} ${name}`);
    await publish(request, courseId);
  }
  await createCourseWithModule(request, `${prefix} Gamma draft`);

  await signInByApi(page, DEMO.admin);
  await page.goto(`/courses?search=${encodeURIComponent(prefix)}`);
  const table = page.getByTestId("courses-table");
  const rows = table.getByTestId("course-row");
  await expect(rows).toHaveCount(3);

  await page.getByLabel("State").selectOption("published");
  await expect(rows).toHaveCount(2);
  await table.getByRole("button", { name: "Title" }).click();
  await expect(rows.first()).toContainText(`${prefix} Alpha`);
  await table.getByRole("button", { name: "Title" }).click();
  await expect(rows.first()).toContainText(`${prefix} Beta`);

  await table.getByLabel("Select all courses on this page").check();
  await page.getByRole("region", { name: "Selected courses" }).getByRole("button", { name: "Unpublish" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Unpublish 2 courses?" });
  await confirm.getByRole("button", { name: "Unpublish" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText("No courses match your filters")).toBeVisible();

  await page.getByLabel("State").selectOption("draft");
  await expect(rows).toHaveCount(3);
  await expect(table.getByTestId("course-state").filter({ hasText: "Draft" })).toHaveCount(3);
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the user list, the course tabs and the scheduling calendar keep what matters in sight", async ({
    page,
    request,
  }) => {
    const courseId = await courseWithTwoLessons(request, `Narrow ${unique()}`);
    await signInByApi(page, DEMO.admin);

    await page.goto("/admin/users");
    const row = page.getByTestId("user-row").first();
    await expect(row).toBeVisible();
    await expectInViewport(page, row.getByText(/^(Active|Inactive|Suspended|Invited)$/).first());
    await expectInViewport(page, row.getByRole("button", { name: /^Edit / }));
    await expectInViewport(page, row.getByRole("button", { name: /^(Deactivate|Activate) / }));
    await page.screenshot({ path: test.info().outputPath("users-360.png") });

    await page.goto(`/courses/${courseId}`);
    const tabs = page.getByTestId("course-tab-select");
    await expectInViewport(page, tabs);
    await tabs.focus();
    await tabs.selectOption({ label: "Gradebook" });
    await expect(page.getByRole("tabpanel")).toBeVisible();
    await tabs.selectOption({ label: "Sessions" });
    await expect(page.getByRole("tabpanel")).toContainText(/session/i);
    await page.screenshot({ path: test.info().outputPath("tabs-360.png") });

    // Tomorrow at 10:00 is chosen; Monday comes first in the grid, so a Sunday starts far out of sight.
    await page.goto(`/instructor/sessions/new?courseId=${courseId}`);
    const chosen = page.locator('[data-slot][aria-pressed="true"]');
    await expect(chosen).toHaveCount(1);
    await page.locator("#week-calendar-heading").scrollIntoViewIfNeeded();
    await expect(async () => expectInViewport(page, chosen)).toPass();
    await page.screenshot({ path: test.info().outputPath("calendar-360.png") });
  });
});
