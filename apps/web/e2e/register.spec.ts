import { expect, test } from "@playwright/test";
import { fillLogin } from "./support/auth";

test("a visitor registers, signs out, and signs in again with the new account", async ({ page }) => {
  const email = `new-${Date.now()}@example.test`;
  await page.goto("/");
  await page.getByRole("link", { name: "Get Started" }).first().click();
  await expect(page).toHaveURL("/register");
  await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();

  await page.getByLabel("Name").fill("Nia Newcomer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("Newcomer123");
  await page.getByLabel("Confirm password").fill("Newcomer123");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome back, Nia Newcomer!" })).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await page.goto("/login");
  await fillLogin(page, email, "Newcomer123");
  await expect(page).toHaveURL("/dashboard");
});

test("registering a taken e-mail shows the server's message", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Name").fill("Copy Cat");
  await page.getByLabel("Email").fill("learner@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Copycat123");
  await page.getByLabel("Confirm password").fill("Copycat123");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("This email is already registered")).toBeVisible();
});
