import { expect, type Page, test } from "@playwright/test";
import { DEMO, fillLogin, signIn } from "./support/auth";

const PUBLIC_PAGES = [
  { path: "/", heading: "Learn without limits" },
  { path: "/login", heading: "Welcome back" },
  { path: "/courses", heading: "Explore our courses" },
];

/** The page's entry script (named by the built index.html) never arrives: the page stays as the server sent it. */
async function withoutTheApp(page: Page) {
  const html = await (await page.request.get("/dashboard")).text();
  const entry = html.match(/<script type="module"[^>]*src="([^"]+)"/)?.[1];
  expect(entry).toBeTruthy();
  await page.route(`**${entry}`, (route) => route.abort());
}

test("the public pages arrive with their first screen, and React takes them over without an error", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  for (const { path, heading } of PUBLIC_PAGES) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain("data-prerendered");
    expect(html, path).toContain(heading.split(" ")[0]);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
    await expect(page.locator("html"), path).toHaveAttribute("data-interactive", "");
    await expect(page.locator("#root"), path).not.toHaveAttribute("data-prerendered");
  }
  // Every other path gets the plain shell.
  expect(await (await page.request.get("/register")).text()).toContain('<div id="root"></div>');
  expect(problems).toEqual([]);

  // The taken-over page works: the prerendered sign-in form signs in.
  await page.goto("/login");
  await fillLogin(page, DEMO.learner.email, DEMO.learner.password);
  await expect(page).toHaveURL(DEMO.learner.home);
});

test("before the app runs, a public page shows its content and a sign-in form submitted there goes nowhere", async ({
  page,
}) => {
  await withoutTheApp(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Learn without limits" })).toBeVisible();
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await page.getByLabel("Email").fill(DEMO.learner.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.learner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForTimeout(500);
  // The browser did not send the form itself (that would put the password in the address).
  expect(new URL(page.url()).search).toBe("");
  expect(page.url()).toMatch(/\/login$/);
});

test("a signed-in user is not shown the visitor's prerendered page", async ({ page }) => {
  await signIn(page, DEMO.learner);
  await withoutTheApp(page);
  await page.goto("/courses");
  await expect(page.locator("#root")).toHaveAttribute("data-prerendered");
  await expect(page.getByRole("heading", { name: "Explore our courses" })).toBeHidden();
  await page.unrouteAll();
  await page.goto("/courses");
  await expect(page.getByRole("heading", { name: "Explore our courses" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);
});

test("the assessment editor holds back the browser's back button while edits are unsaved", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.instructor);
  // Reached in the app, so going back is a step the app's router makes (not another page load).
  await page.goto("/instructor/assessments");
  await page.getByRole("link", { name: "New Assessment" }).first().click();
  await expect(page).toHaveURL("/instructor/assessments/new");
  await page.getByLabel("Title", { exact: true }).fill("Left behind");

  await page.evaluate(() => history.back());
  const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL("/instructor/assessments/new");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Left behind");

  await page.evaluate(() => history.back());
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL("/instructor/assessments");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
});
