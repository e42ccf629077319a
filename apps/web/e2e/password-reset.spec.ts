import { expect, test } from "@playwright/test";
import { fillLogin } from "./support/auth";
import { resetLink, waitForMail } from "./support/mail";

test("forgot password: the e-mail arrives over SMTP, its link sets a new password, and it signs in", async ({
  browser,
  page,
  request,
}) => {
  const email = `reset-${Date.now()}@example.test`;
  const created = await request.post("/api/auth/register", {
    data: { name: "Rita Reset", email, password: "Original123" },
  });
  expect(created.status()).toBe(201);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  // The previous screen stays up while the next one's code loads: wait for the new screen.
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Check Your Email")).toBeVisible();

  const link = resetLink(await waitForMail(email));
  await page.goto(new URL(link).pathname);
  await expect(page.getByLabel("New password")).toBeVisible();
  await page.getByLabel("New password").fill("abc123");
  await page.getByLabel("Confirm password").fill("abc124");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm password").fill("abc123");
  await page.getByRole("button", { name: "Reset password" }).click();
  await page.getByRole("button", { name: "Continue to Login" }).click();

  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await fillLogin(page, email, "abc123");
  await expect(page).toHaveURL("/dashboard");

  // The link was single-use. It is opened by a visitor with no session: clearing this page's storage
  // instead raced the dashboard's own requests, whose 401 sent the page to /login.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(new URL(new URL(link).pathname, page.url()).toString());
  await expect(visitor.getByText("Invalid Reset Link")).toBeVisible();
  await visitor.getByRole("button", { name: "Request New Reset Link" }).click();
  await expect(visitor).toHaveURL(/\/forgot-password$/);
  await visitor.context().close();
});
