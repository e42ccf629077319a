import { readFileSync } from "node:fs";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO, fillLogin } from "./support/auth";

const MISSING_KEY_MARKER = "⟦missing⟧";
const PASSWORD = "Original123";

/** A language's catalogue of one namespace, as the app loads it. */
const catalogue = (language: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../src/locales/${language}/${namespace}.json`, import.meta.url), "utf8"));
const languageLabel = (language: string): string => catalogue(language, "common").language.label;

async function expectNoMissingKeys(page: Page) {
  await expect(page.locator("body")).not.toContainText(MISSING_KEY_MARKER);
}

async function token(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const response = await request.post("/api/auth/login", { data: account });
  expect(response.status()).toBe(200);
  return (await response.json()).data.token;
}

/** A new account of that role (made by the super admin), so no test changes a shared account's language. */
async function newAccount(request: APIRequestContext, role: "learner" | "instructor" | "admin") {
  const email = `lang-${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const created = await request.post("/api/admin/users", {
    headers: { Authorization: `Bearer ${await token(request, DEMO.superAdmin)}` },
    data: { name: "Lars Lang", email, password: PASSWORD, role },
  });
  expect(created.status()).toBe(201);
  return { email, password: PASSWORD };
}

/** Signs in, picks `language` in Settings and checks that the interface switched. */
async function switchTo(page: Page, account: { email: string; password: string }, language: string) {
  await page.goto("/login");
  await fillLogin(page, account.email, account.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/settings");
  await page.locator("#pref-language").selectOption(language);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(page.locator('label[for="pref-language"]')).toHaveText(languageLabel(language));
  await expectNoMissingKeys(page);
}

async function visitAll(page: Page, language: string, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.getByRole("heading").first()).toBeVisible();
    await expectNoMissingKeys(page);
  }
}

async function aCourseId(request: APIRequestContext): Promise<string> {
  const catalogue = await request.get("/api/courses?limit=1");
  return (await catalogue.json()).data.courses[0]._id;
}

async function inNewContext(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

for (const language of ["es", "fr", "de", "hi", "zh"] as const) {
  test(`${language}: a learner's screens switch language, set <html lang> and show no missing key`, async ({
    page,
    request,
  }) => {
    const learner = await newAccount(request, "learner");
    await switchTo(page, learner, language);
    const course = await aCourseId(request);
    await visitAll(page, language, [
      "/dashboard",
      "/courses",
      `/courses/${course}`,
      "/activity",
      "/profile",
      "/settings",
    ]);
    // Activity type names come from the api in English; the filter shows the language's own.
    await page.goto("/activity");
    await expect(page.locator('#activity-type option[value="login"]')).toHaveText(
      catalogue(language, "activity").types.login,
    );

    await page.goto("/settings");
    await page.locator("#pref-language").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator('label[for="pref-language"]')).toHaveText("Language");
  });
}

const STAFF_SCREENS = [
  {
    role: "instructor",
    language: "zh",
    paths: [
      "/instructor/dashboard",
      "/instructor/assessments",
      "/instructor/assessments/new",
      "/instructor/materials",
      "/instructor/materials/new",
      "/instructor/sessions",
      "/instructor/sessions/new",
    ],
  },
  {
    role: "admin",
    language: "hi",
    paths: ["/admin/dashboard", "/admin/users", "/admin/notifications", "/admin/reviews", "/activity"],
  },
] as const;

test("an instructor's and an admin's screens in Chinese and Hindi show no missing key", async ({
  browser,
  request,
}) => {
  for (const { role, language, paths } of STAFF_SCREENS) {
    const account = await newAccount(request, role);
    await inNewContext(browser, async (page) => {
      await switchTo(page, account, language);
      await visitAll(page, language, [...paths]);
    });
  }
});

test("a visitor gets the browser's language when it is one of the six", async ({ browser }) => {
  const context = await browser.newContext({ locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  await expectNoMissingKeys(page);
  await context.close();

  const unknown = await browser.newContext({ locale: "sv-SE" });
  const other = await unknown.newPage();
  await other.goto("/login");
  await expect(other.locator("html")).toHaveAttribute("lang", "en");
  await expect(other.getByRole("button", { name: "Sign in" })).toBeVisible();
  await unknown.close();
});
