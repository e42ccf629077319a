import { expect, test } from "@playwright/test";
import { appReady, DEMO, fillLogin, signIn, storedToken } from "./support/auth";

test.describe("signing in", () => {
  for (const [role, account] of Object.entries(DEMO)) {
    test(`the demo ${role} signs in and lands on their dashboard, greeted by name`, async ({ page }) => {
      await signIn(page, account);
      await expect(page.getByRole("heading", { name: `Welcome back, ${account.name}!` })).toBeVisible();
      await expect(page.getByText("Welcome back!", { exact: true })).toBeVisible();
      expect(await storedToken(page, "token")).toBeTruthy();
      expect(await storedToken(page, "refreshToken")).toBeTruthy();
    });
  }

  test("a wrong password shows the alert and the 'Login failed' toast", async ({ page }) => {
    await page.goto("/login");
    await fillLogin(page, DEMO.learner.email, "Wrong-password1");
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page.getByText("Login failed")).toBeVisible();
    await expect(page).toHaveURL("/login");
  });

  test("editing a field after a failed sign-in clears the stale alert", async ({ page }) => {
    await page.goto("/login");
    await fillLogin(page, DEMO.learner.email, "Wrong-password1");
    const alert = page.getByRole("alert").filter({ hasText: "Invalid email or password" });
    await expect(alert).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill("Wrong-password2");
    await expect(alert).toBeHidden();

    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alert).toBeVisible();
    const email = page.getByLabel("Email");
    await expect(email).toBeEnabled();
    await email.pressSequentially("x");
    await expect(alert).toBeHidden();
  });

  test("whitespace is stripped from the fields as typed", async ({ page }) => {
    await page.goto("/login");
    await appReady(page);
    await page.getByLabel("Email").pressSequentially(" learner@example.com ");
    await expect(page.getByLabel("Email")).toHaveValue("learner@example.com");
  });

  test("a signed-out visitor is sent to /login and back to where they were going", async ({ page }) => {
    await page.goto("/settings");
    await expect(page).toHaveURL("/login");
    await fillLogin(page, DEMO.learner.email, DEMO.learner.password);
    await expect(page).toHaveURL("/settings");
  });

  test("a signed-in visitor of /login is redirected by role", async ({ page }) => {
    await signIn(page, DEMO.instructor);
    await page.goto("/login");
    await expect(page).toHaveURL("/instructor/dashboard");
  });

  test("dashboards send other roles to their own", async ({ page }) => {
    await signIn(page, DEMO.learner);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL("/dashboard");
    await page.goto("/instructor/dashboard");
    await expect(page).toHaveURL("/dashboard");
  });

  test("an unknown route shows the not-found page", async ({ page }) => {
    await signIn(page, DEMO.learner);
    await page.goto("/no/such/page");
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
  });

  test("the login page offers the demo accounts while they keep their demo passwords; one fills the form", async ({
    page,
  }) => {
    await page.goto("/login");
    await appReady(page);
    const demo = page.getByRole("region", { name: "Demo accounts" });
    await demo.getByRole("button", { name: /learner@example\.com/ }).click();
    await expect(page.getByLabel("Email")).toHaveValue(DEMO.learner.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(DEMO.learner.password);
    await expect(demo.getByText("superadmin@example.com")).toHaveCount(0);
  });

  test("a signed-out visitor at an unknown route gets the not-found page, not the sign-in form", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect(page).toHaveURL("/no/such/page");
  });
});

test("signing out through the 'Confirm Logout' dialog goes home and forgets the tokens", async ({ page }) => {
  await signIn(page, DEMO.learner);
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByText("Confirm Logout")).toBeVisible();
  await expect(
    dialog.getByText("Are you sure you want to sign out? You will need to log in again to access your account."),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
  expect(await storedToken(page, "token")).toBeNull();
  expect(await storedToken(page, "refreshToken")).toBeNull();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
});
