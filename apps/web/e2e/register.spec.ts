import { expect, test } from "@playwright/test";
import { appReady, fillLogin } from "./support/auth";
import { createCourseWithModule, publish, unique } from "./support/courses";

test("a visitor registers, signs out, and signs in again with the new account", async ({ page }) => {
  const email = `new-${Date.now()}@example.test`;
  await page.goto("/");
  await appReady(page);
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
  // Someone who has just registered is welcomed, not welcomed back; also after a reload.
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Nia Newcomer!" })).toBeVisible();
  await expect(page.getByText("Welcome to LearnHub, Nia Newcomer!")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Nia Newcomer!" })).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await page.goto("/login");
  await fillLogin(page, email, "Newcomer123");
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Nia Newcomer!" })).toBeVisible();
});

test("a visitor who signs up from a course's page comes back to that course", async ({ page, request }) => {
  const title = `Sign-up course ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title);
  await publish(request, courseId);
  await page.goto(`/courses/${courseId}`);
  await page.getByRole("link", { name: "Create a free account" }).click();
  await expect(page).toHaveURL("/register");
  await page.getByLabel("Name").fill("Cora Course");
  await page.getByLabel("Email").fill(`cora-${unique()}@example.test`);
  await page.getByLabel("Password", { exact: true }).fill("Coracourse123");
  await page.getByLabel("Confirm password").fill("Coracourse123");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(`/courses/${courseId}`);
  await expect(page.getByRole("button", { name: "Enroll for free" })).toBeVisible();
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
