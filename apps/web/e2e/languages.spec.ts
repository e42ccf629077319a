import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { fillLogin } from "./support/auth";

const LANGUAGES = ["es", "fr", "de", "hi", "zh", "en"] as const;
const MISSING_KEY_MARKER = "⟦missing⟧";

const languageLabel = (language: string): string =>
  JSON.parse(readFileSync(new URL(`../src/locales/${language}/common.json`, import.meta.url), "utf8")).language.label;

async function expectNoMissingKeys(page: Page) {
  await expect(page.locator("body")).not.toContainText(MISSING_KEY_MARKER);
}

test("the interface switches to each of the six languages and back, with <html lang> and no missing key", async ({
  page,
  request,
}) => {
  const email = `lang-${Date.now()}@example.test`;
  expect(
    (
      await request.post("/api/auth/register", { data: { name: "Lars Lang", email, password: "Original123" } })
    ).status(),
  ).toBe(201);
  await page.goto("/login");
  await fillLogin(page, email, "Original123");
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/settings");

  for (const language of LANGUAGES) {
    await page.locator("#pref-language").selectOption(language);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.locator('label[for="pref-language"]')).toHaveText(languageLabel(language));
    await expectNoMissingKeys(page);
    for (const path of ["/dashboard", "/courses", "/settings"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.locator("main")).toBeVisible();
      await expectNoMissingKeys(page);
    }
  }
});

test("a visitor gets the browser's language when it is one of the six", async ({ browser }) => {
  const context = await browser.newContext({ locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expectNoMissingKeys(page);
  await context.close();

  const unknown = await browser.newContext({ locale: "sv-SE" });
  const other = await unknown.newPage();
  await other.goto("/login");
  await expect(other.locator("html")).toHaveAttribute("lang", "en");
  await unknown.close();
});
