import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";

const mainNav = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Main" });

test("an admin reaches system settings from the navigation; personal settings hold none of them", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await mainNav(page).getByRole("link", { name: "System" }).click();
  await expect(page).toHaveURL("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "System settings" })).toBeVisible();
  await expect(page.getByRole("form", { name: "System configuration" }).getByLabel("Site name")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Background jobs" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Orphaned files" })).toBeVisible();

  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Preferences" })).toBeVisible();
  await expect(page.getByRole("form", { name: "System configuration" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Background jobs" })).toHaveCount(0);
  // Browser push notifications are not sent, so they are not offered.
  await expect(page.getByRole("switch", { name: "E-mail" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Push" })).toHaveCount(0);
});

for (const account of [DEMO.learner, DEMO.instructor]) {
  test(`${account.name} has no system settings entry, and the page sends them home`, async ({ page }) => {
    await signIn(page, account);
    await expect(mainNav(page).getByRole("link", { name: "Courses" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "System" })).toHaveCount(0);
    await page.goto("/admin/settings");
    await expect(page).toHaveURL(account.home);
    await expect(page.getByRole("form", { name: "System configuration" })).toHaveCount(0);
  });
}
