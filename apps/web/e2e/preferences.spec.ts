import { expect, test } from "@playwright/test";
import { fillLogin } from "./support/auth";

test("preferences apply at once, follow the account to another device, and compact mode tightens the page", async ({
  browser,
  page,
  request,
}) => {
  const email = `prefs-${Date.now()}@example.test`;
  const created = await request.post("/api/auth/register", {
    data: { name: "Petra Prefs", email, password: "Original123" },
  });
  expect(created.status()).toBe(201);

  await page.goto("/login");
  await fillLogin(page, email, "Original123");
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Preferences" })).toBeVisible();

  const fontSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
  expect(await fontSize()).toBe("16px");
  await page.getByRole("switch", { name: "Compact mode" }).check();
  await expect(page.locator("html")).toHaveClass(/compact/);
  expect(await fontSize()).toBe("14px");
  await page.getByLabel("Time zone").selectOption("Asia/Tokyo");
  await page.getByRole("switch", { name: "E-mail" }).uncheck();
  await page.getByLabel("Profile visibility").selectOption("private");
  await expect(page.getByText("Only instructors and admins can see my profile")).toBeVisible();

  await expect
    .poll(async () => {
      const login = await request.post("/api/auth/login", { data: { email, password: "Original123" } });
      const { token } = (await login.json()).data;
      const saved = await request.get("/api/users/me/preferences", { headers: { Authorization: `Bearer ${token}` } });
      return (await saved.json()).data.preferences;
    })
    .toMatchObject({
      compactMode: true,
      timezone: "Asia/Tokyo",
      profileVisibility: "private",
      notifications: { email: false },
    });

  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await other.goto("/login");
  await fillLogin(other, email, "Original123");
  await expect(other).toHaveURL("/dashboard");
  await expect(other.locator("html")).toHaveClass(/compact/);
  await other.goto("/settings");
  await expect(other.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
  await expect(other.getByRole("switch", { name: "E-mail" })).not.toBeChecked();
  await otherDevice.close();
});
