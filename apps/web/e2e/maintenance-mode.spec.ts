import { SETTINGS_MESSAGES } from "@lms/contract";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { appReady, DEMO, fillLogin, signIn } from "./support/auth";
import { E2E_PORT } from "./support/env";
import { type E2eServer, startE2eServer } from "./support/server";

/**
 * Maintenance mode and the site name are global: switched on the shared e2e server they would
 * break every journey running beside this one. This journey runs against its own server (own
 * port, own data folder), started here and stopped when it ends.
 */
const OWN_PORT = E2E_PORT + 50;
let server: E2eServer;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://127.0.0.1:${OWN_PORT}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startE2eServer(OWN_PORT);
});
test.afterAll(async () => {
  await server?.stop();
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  return context.newPage();
}

async function saveSystemSettings(admin: Page) {
  await admin.getByRole("button", { name: "Save settings" }).click();
  await expect(admin.getByText(SETTINGS_MESSAGES.updated.text)).toBeVisible();
}

test("an admin turns maintenance on and off and renames the site; a learner is held out meanwhile", async ({
  browser,
}) => {
  // Three people (admin, learner, visitor) sign in and out over one story.
  test.setTimeout(120_000);
  const admin = await newPage(browser);
  const learner = await newPage(browser);
  await signIn(learner, DEMO.learner);
  await signIn(admin, DEMO.admin);

  // System settings are an admin page of their own, reached from the navigation.
  await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "System" }).click();
  await expect(admin).toHaveURL("/admin/settings");
  await expect(admin.getByRole("heading", { level: 1, name: "System settings" })).toBeVisible();
  const config = admin.getByRole("form", { name: "System configuration" });
  await expect(config.getByLabel("Site name")).toHaveValue("LearnHub");

  // A bad value shows the contract's message and blocks saving.
  await config.getByLabel("Max users").fill("0");
  await expect(config.getByText(SETTINGS_MESSAGES.maxUsers.text)).toBeVisible();
  await expect(admin.getByRole("button", { name: "Save settings" })).toBeDisabled();
  await config.getByLabel("Max users").fill("1000");

  const siteName = `Campus ${Date.now().toString(36)}`;
  await config.getByLabel("Site name").fill(siteName);
  await config.getByLabel("Maintenance mode").check();
  await saveSystemSettings(admin);
  await expect(admin).toHaveTitle(`System settings · ${siteName}`);
  await expect(admin.getByRole("banner").getByRole("link", { name: siteName })).toBeVisible();

  // The learner, already signed in, is held at the maintenance page; the admin goes on working.
  await learner.reload();
  await expect(learner.getByRole("heading", { name: "Down for maintenance" })).toBeVisible();
  await expect(learner.getByText(SETTINGS_MESSAGES.maintenance.text)).toBeVisible();
  await learner.goto("/courses");
  await appReady(learner);
  await expect(learner.getByRole("heading", { name: "Down for maintenance" })).toBeVisible();
  await admin.goto("/admin/dashboard");
  await expect(admin.getByRole("heading", { name: "Down for maintenance" })).toHaveCount(0);
  await expect(admin.getByRole("heading", { name: /Ada/ })).toBeVisible();
  // A banner tells the admin the site is closed to everyone else.
  const banner = admin.getByRole("status").filter({ hasText: "Maintenance mode is on" });
  await expect(banner).toContainText("the site is closed to everyone but administrators");

  // A visitor's prerendered pages are taken over without an error and show the maintenance page.
  const visitor = await newPage(browser);
  const problems: string[] = [];
  visitor.on("console", (message) => {
    // The api's 503 to the page's own requests is maintenance working, not a fault of the page.
    if (message.type() === "error" && !message.text().includes("status of 503")) problems.push(message.text());
  });
  visitor.on("pageerror", (error) => problems.push(error.message));
  for (const path of ["/", "/courses"]) {
    await visitor.goto(path);
    await expect(visitor.getByRole("heading", { name: "Down for maintenance" }), path).toBeVisible();
    await appReady(visitor);
  }
  expect(problems).toEqual([]);

  // A visitor may not sign in as a learner now, and is told why.
  await visitor.goto("/login");
  await fillLogin(visitor, DEMO.instructor.email, DEMO.instructor.password);
  await expect(visitor.getByRole("alert").filter({ hasText: SETTINGS_MESSAGES.maintenance.text })).toBeVisible();

  await banner.getByRole("link", { name: "Turn it off in system settings" }).click();
  await expect(admin).toHaveURL("/admin/settings");
  await config.getByLabel("Maintenance mode").uncheck();
  await saveSystemSettings(admin);
  await expect(banner).toHaveCount(0);

  await learner.goto("/dashboard");
  await expect(learner.getByRole("heading", { name: "Down for maintenance" })).toHaveCount(0);
  await expect(learner.getByRole("heading", { name: /Lena/ })).toBeVisible();
  await expect(learner).toHaveTitle(`Dashboard · ${siteName}`);
  await expect(learner.getByRole("banner").getByRole("link", { name: siteName })).toBeVisible();
});
