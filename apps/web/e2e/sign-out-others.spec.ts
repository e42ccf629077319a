import { expect, test } from "@playwright/test";
import { fillLogin } from "./support/auth";

test("signing out of all other devices sends the other browser to sign-in at its next request", async ({
  browser,
  request,
}) => {
  const email = `others-${Date.now()}@example.test`;
  const password = "Original123";
  const created = await request.post("/api/auth/register", { data: { name: "Otto Others", email, password } });
  expect(created.status()).toBe(201);

  const here = await browser.newContext();
  const elsewhere = await browser.newContext();
  const page = await here.newPage();
  const other = await elsewhere.newPage();
  for (const p of [page, other]) {
    await p.goto("/login");
    await fillLogin(p, email, password);
    await expect(p).toHaveURL("/dashboard");
  }

  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign Out Other Devices" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Sign out of all other devices?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole("button", { name: "Sign Out Other Devices" }).click();
  await confirm.getByRole("button", { name: "Sign Out Others" }).click();
  await expect(page.getByText("You have been signed out of all other devices.")).toBeVisible();

  // The other browser's next request finds its session ended and goes to sign-in.
  await other.goto("/profile");
  await expect(other).toHaveURL(/\/login/);
  expect(await other.evaluate(() => localStorage.getItem("refreshToken"))).toBeNull();

  // This one carries on with its fresh session.
  await page.reload();
  await expect(page.getByTestId("profile-name")).toHaveText("Otto Others");
  await page.goto("/activity");
  await expect(page.getByText("Signed out of all other devices").first()).toBeVisible();

  await here.close();
  await elsewhere.close();
});
