import { expect, type Page } from "@playwright/test";

export const DEMO = {
  admin: { email: "admin@example.com", password: "Admin123!", name: "Ada Admin", home: "/admin/dashboard" },
  instructor: {
    email: "instructor@example.com",
    password: "Instructor123!",
    name: "Ivan Instructor",
    home: "/instructor/dashboard",
  },
  learner: { email: "learner@example.com", password: "Learner123!", name: "Lena Learner", home: "/dashboard" },
  superAdmin: { email: "superadmin@example.com", password: "Super123!", name: "Super Admin", home: "/admin/dashboard" },
} as const;

/**
 * Waits until React runs the screen: public pages arrive prerendered, and until then their clicks and
 * submits are held and replayed later (app/InteractiveMark.tsx, public/theme-init.js).
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-interactive", "");
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await appReady(page);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, account: { email: string; password: string; home: string }): Promise<void> {
  await page.goto("/login");
  await fillLogin(page, account.email, account.password);
  await expect(page).toHaveURL(account.home);
}

export const storedToken = (page: Page, key: "token" | "refreshToken") =>
  page.evaluate((k) => localStorage.getItem(k), key);
