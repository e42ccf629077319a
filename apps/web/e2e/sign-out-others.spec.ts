import { expect, test } from "@playwright/test";
import { DEMO, fillLogin, signIn } from "./support/auth";

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

test("an admin signs a learner out everywhere from user management; admins' rows need a super admin", async ({
  browser,
  page,
  request,
}) => {
  const email = `everywhere-${Date.now()}@example.test`;
  const password = "Original123";
  const created = await request.post("/api/auth/register", { data: { name: "Eve Everywhere", email, password } });
  expect(created.status()).toBe(201);
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learner.goto("/login");
  await fillLogin(learner, email, password);
  await expect(learner).toHaveURL("/dashboard");

  await signIn(page, DEMO.admin);
  await page.goto("/admin/users");
  await page.getByLabel("Search users").fill(DEMO.superAdmin.email);
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  await expect(page.getByRole("button", { name: `Sign out ${DEMO.superAdmin.name} everywhere` })).toBeDisabled();
  await expect(
    page.getByRole("button", { name: `Reset two-factor sign-in of ${DEMO.superAdmin.name}` }),
  ).toBeDisabled();

  await page.getByLabel("Search users").fill(email);
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  await page.getByRole("button", { name: "Sign out Eve Everywhere everywhere" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Sign out everywhere?" });
  await expect(confirm).toContainText(email);
  await confirm.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await expect(page.getByText("The user has been signed out everywhere.")).toBeVisible();

  await learner.goto("/dashboard");
  await expect(learner).toHaveURL(/\/login/);
  await learnerContext.close();
});
