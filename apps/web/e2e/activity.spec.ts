import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO, fillLogin, signIn } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

const VIEWS = 21;

test.describe("activity tracking", () => {
  test("a learner filters and pages their log; an admin narrows it to them and exports a CSV", async ({
    page,
    request,
  }) => {
    const title = `Activity course ${unique()}`;
    const { courseId } = await createCourseWithModule(request, title);
    await publish(request, courseId);
    const learner = await registerLearner(request, "Tracked");
    const api = await apiAs(request, learner);
    await api.post(`/courses/${courseId}/enroll`);
    for (let i = 0; i < VIEWS; i++) await api.get(`/courses/${courseId}/detail`);

    await page.goto("/login");
    await fillLogin(page, learner.email, learner.password);
    await expect(page).toHaveURL("/dashboard");
    await page.goto("/activity");
    await expect(page.getByRole("heading", { name: "Activity Tracking" })).toBeVisible();
    const cards = page.getByRole("list", { name: "Activities" }).getByRole("listitem");
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toContainText("Login");
    await expect(page.getByRole("button", { name: "Export" })).toHaveCount(0);

    const pages = page.getByRole("navigation", { name: "Activity pages" });
    await pages.getByRole("button", { name: "Page 2" }).click();
    await expect(cards).toHaveCount(VIEWS + 3 - 20);
    await expect(pages.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

    await page.getByLabel("Type").selectOption({ label: "Course Enrollment" });
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Enrolled in ${title}`);
    await expect(cards.first()).toContainText("Course Enrollment");
    await expect(cards.first()).toContainText(learner.name);

    await page.getByLabel("Type").selectOption("");
    await page.getByLabel("Search activities").fill("no such activity anywhere");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page.getByText("No activities found with the current filters.")).toBeVisible();

    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(cards).toHaveCount(20);
    await expect(page.getByLabel("Search activities")).toHaveValue("");

    await page.getByLabel("Start date").fill("2001-01-02");
    await page.getByLabel("End date").fill("2001-01-01");
    await expect(page.getByText("The end date must not be before the start date.")).toBeVisible();
    await page.getByLabel("End date").fill("2001-01-03");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page.getByText("No activities found with the current filters.")).toBeVisible();

    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(cards).toHaveCount(20);
    await page.route("**/api/activities/my-activities?**", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByText("Failed to load activities. Please try again.")).toBeVisible();
    await page.unroute("**/api/activities/my-activities?**");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(cards).toHaveCount(20);

    await page.evaluate(() => localStorage.clear());
    await signIn(page, DEMO.admin);
    await page.goto("/activity");
    await page.getByLabel("Search activities").fill(learner.name);
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page
      .getByRole("button", { name: `Show only ${learner.name}'s activity` })
      .first()
      .click();
    await expect(page.getByText(`Showing the activity of ${learner.name}`)).toBeVisible();
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(page.getByText("Showing the activity of")).toBeHidden();

    await page.getByLabel("Type").selectOption({ label: "Course View" });
    await page.getByLabel("Search activities").fill(learner.name);
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page.getByText(`${VIEWS} activities`)).toBeVisible();
    const exportButton = page.getByRole("button", { name: "Export" });
    await expect(exportButton).toBeEnabled();
    const [download] = await Promise.all([page.waitForEvent("download"), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^activities-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), "utf8")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Date,Type,Title,Description,User,Email,Role,Course code,Course");
    expect(lines).toHaveLength(VIEWS + 1);
    expect(lines.slice(1).every((line) => line.includes(",course_view,") && line.includes(learner.email))).toBe(true);
  });
});
