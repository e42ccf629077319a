import { expect, type Page, test } from "@playwright/test";
import { appReady, DEMO, fillLogin, signIn } from "./support/auth";
import { apiAs, publish, unique } from "./support/courses";

const metaDescription = (page: Page) => page.locator('meta[name="description"]').getAttribute("content");

test("a visitor browses the catalogue, reads a course's public page and signs in from it back to the course", async ({
  page,
  request,
}) => {
  const tag = unique();
  const title = `Visitor Course ${tag}`;
  const shortDescription = `Everything a visitor may read before enrolling (${tag}).`;
  const instructor = await apiAs(request, DEMO.instructor);
  const { categories } = await instructor.get<{ categories: { _id: string; name: string }[] }>("/categories");
  const [category, otherCategory] = categories;
  const { course } = await instructor.post<{ course: { _id: string } }>("/instructor/courses", {
    title,
    description: "The long description of the course, shown on its public page.",
    shortDescription,
    categoryId: category._id,
    duration: 120,
    learningOutcomes: ["Read a course page before signing up"],
    requirements: ["A web browser"],
  });
  const base = `/instructor/courses/${course._id}`;
  const { module } = await instructor.post<{ module: { _id: string } }>(`${base}/modules`, { title: "First steps" });
  await instructor.post(`${base}/modules/${module._id}/lessons`, { title: "Welcome lesson" });
  await publish(request, course._id);

  await page.goto("/");

  await appReady(page);
  await expect(page).toHaveTitle("LearnHub: learn without limits");
  await page.getByRole("link", { name: "Explore the catalogue" }).click();
  await expect(page).toHaveURL("/courses");
  await expect(page.getByRole("heading", { level: 1, name: "Explore our courses" })).toBeVisible();
  await expect(page).toHaveTitle("Course Catalogue · LearnHub");
  expect(await metaDescription(page)).toContain("Browse LearnHub's published courses");

  const cards = page.getByRole("list", { name: "Catalogue" }).getByRole("link");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(1);

  // The list follows the search box as one types, without Enter.
  const searchBox = page.getByLabel("Search by title or description");
  await searchBox.pressSequentially(tag, { delay: 30 });
  await expect(page).toHaveURL(`/courses?search=${tag}`);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(title);
  await expect(searchBox).toBeFocused();

  await page.getByLabel("Category").selectOption(otherCategory._id);
  await expect(page.getByText("No courses match your search")).toBeVisible();
  await page.getByLabel("Category").selectOption(category._id);
  await expect(cards).toHaveCount(1);

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL("/courses");
  await expect(searchBox).toHaveValue("");
  await expect.poll(() => cards.count()).toBeGreaterThan(1);
  await searchBox.pressSequentially(tag, { delay: 30 });
  await expect(cards).toHaveCount(1);

  await cards.first().click();
  await expect(page).toHaveURL(`/courses/${course._id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} · LearnHub`);
  expect(await metaDescription(page)).toBe(shortDescription);
  await expect(page.getByText("The long description of the course, shown on its public page.")).toBeVisible();
  await expect(page.getByText("Read a course page before signing up")).toBeVisible();
  await expect(page.getByText("A web browser")).toBeVisible();
  await expect(page.getByText("First steps")).toBeVisible();
  await expect(page.getByText("Welcome lesson")).toBeVisible();
  await expect(page.getByText(DEMO.instructor.name)).toBeVisible();

  await page.getByRole("link", { name: "Sign in to enroll" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page).toHaveTitle("Sign in · LearnHub");
  expect(await metaDescription(page)).toContain("Sign in to LearnHub");
  await fillLogin(page, DEMO.learner.email, DEMO.learner.password);
  await expect(page).toHaveURL(`/courses/${course._id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: "Enroll for free" })).toBeVisible();
});

test("the public pages have their own titles and descriptions", async ({ page }) => {
  const seen = new Set<string | null>();
  for (const [path, title] of [
    ["/", "LearnHub: learn without limits"],
    ["/courses", "Course Catalogue · LearnHub"],
    ["/login", "Sign in · LearnHub"],
    ["/register", "Sign up · LearnHub"],
    ["/forgot-password", "Forgot password · LearnHub"],
  ] as const) {
    await page.goto(path);
    // The other pages' descriptions are set once React runs them.
    await appReady(page);
    await expect(page).toHaveTitle(title);
    seen.add(await metaDescription(page));
  }
  expect(seen.size).toBe(5);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
});

test("a prerendered page carries its own description for crawlers without JavaScript; a page without one gets the site's back", async ({
  page,
  request,
}) => {
  const fromAttribute = (text: string) =>
    text.replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  const served = async (path: string) => {
    const html = await (await request.get(path)).text();
    expect(html).toContain("data-prerendered");
    return fromAttribute(html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "");
  };
  const described = new Set<string>();
  for (const path of ["/", "/login", "/courses"]) {
    const description = await served(path);
    await page.goto(path);
    await appReady(page);
    expect(await metaDescription(page)).toBe(description);
    described.add(description);
  }
  expect(described.size).toBe(3);

  // Leaving the catalogue for a page that sets no description of its own, without a reload.
  await page.evaluate(() => {
    history.pushState({}, "", "/courses/000000000000000000000000");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { name: "Course Not Found" })).toBeVisible();
  await expect
    .poll(() => metaDescription(page))
    .toBe("LearnHub: online courses with live sessions, for learners and instructors.");

  // A signed-in user's catalogue replaces the visitor's page, and its description with it.
  await signIn(page, DEMO.learner);
  await page.goto("/courses");
  await appReady(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await metaDescription(page)).toBe(
    "LearnHub: online courses with live sessions, for learners and instructors.",
  );
});

test("an unknown course shows Course Not Found to a visitor", async ({ page }) => {
  await page.goto("/courses/000000000000000000000000");
  await expect(page.getByRole("heading", { name: "Course Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Courses" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Explore our courses" })).toBeVisible();
});

test("the other pages stay behind sign-in", async ({ page }) => {
  for (const path of ["/dashboard", "/activity", "/instructor/courses/000000000000000000000000"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/login");
  }
});

test("the signed-out nav's Courses and the footer's Catalogue open the public catalogue", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await appReady(page);
  await page.getByRole("banner").getByRole("link", { name: "Courses", exact: true }).click();
  await expect(page).toHaveURL("/courses");
  await expect(page.getByRole("heading", { level: 1, name: "Explore our courses" })).toBeVisible();

  await page.goto("/");

  await appReady(page);
  await page.getByRole("navigation", { name: "Explore" }).getByRole("link", { name: "Catalogue", exact: true }).click();
  await expect(page).toHaveURL("/courses");
  await expect(page.getByRole("heading", { level: 1, name: "Explore our courses" })).toBeVisible();
});
