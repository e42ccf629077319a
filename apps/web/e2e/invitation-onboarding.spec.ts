import { expect, test } from "@playwright/test";
import { appReady, DEMO, signIn } from "./support/auth";
import { createCourseWithModule, publish, uniqueLetters } from "./support/courses";
import { E2E_PORT } from "./support/env";
import { resetLink, waitForMail } from "./support/mail";
import { type E2eServer, startE2eServer } from "./support/server";

test("an admin invites a user, who sets a password and lands signed in on a first dashboard", async ({
  browser,
  page,
  request,
}) => {
  const name = `Ivy ${uniqueLetters()}`;
  const email = `invited-${Date.now()}@example.test`;

  await signIn(page, DEMO.admin);
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Create User" }).click();
  const dialog = page.getByRole("dialog", { name: "Create User" });
  await expect(dialog.getByLabel("Send an invitation")).toBeChecked();
  await expect(dialog.getByLabel("Password *")).toHaveCount(0);
  await dialog.getByLabel("Name *").fill(name);
  await dialog.getByLabel("Email *").fill(email);
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(page.getByText("User created; an invitation to set a password has been sent")).toBeVisible();

  // Enrolled in a course without progress: the dashboard offers to start it, not to resume it.
  const title = `Onboarding ${uniqueLetters()}`;
  const { courseId } = await createCourseWithModule(request, title);
  await publish(request, courseId);

  const link = new URL(resetLink(await waitForMail(email))).pathname;
  const invited = await (await browser.newContext()).newPage();
  await invited.goto(link);
  await expect(invited.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await expect(invited.getByText("Reset password")).toHaveCount(0);
  await invited.getByLabel("Password", { exact: true }).fill("Chosen123");
  await invited.getByLabel("Confirm password").fill("Chosen123");
  await invited.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(invited).toHaveURL("/dashboard");
  await expect(invited.getByRole("heading", { level: 1, name: `Welcome, ${name}!` })).toBeVisible();

  const enrolled = await invited.evaluate(
    async (id) =>
      (
        await fetch(`/api/courses/${id}/enroll`, {
          method: "POST",
          headers: { Authorization: `Bearer ${localStorage.getItem("token")}` },
        })
      ).status,
    courseId,
  );
  expect(enrolled).toBe(201);
  await invited.reload();
  await expect(invited.getByRole("heading", { level: 1, name: `Welcome, ${name}!` })).toBeVisible();
  const continueLearning = invited.getByRole("region", { name: "Continue Learning" });
  await expect(continueLearning.getByRole("link", { name: `Start ${title}` })).toBeVisible();
  await expect(continueLearning.getByRole("link", { name: /^Resume/ })).toHaveCount(0);

  // The link worked once: opened again it says the invitation is spent.
  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await expect(again.getByRole("heading", { name: "Invitation expired" })).toBeVisible();
  await again.context().close();
  await invited.context().close();
});

test.describe("registration turned off", () => {
  /** Registration is global: turned off on the shared server it would break every sign-up beside this. */
  const OWN_PORT = E2E_PORT + 67;
  let server: E2eServer;
  test.use({ baseURL: `http://127.0.0.1:${OWN_PORT}` });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startE2eServer(OWN_PORT);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the sign-up page says so before anyone types, and Get Started leads to sign-in", async ({ page, request }) => {
    const login = await request.post("/api/auth/login", { data: DEMO.admin });
    const { token } = (await login.json()).data as { token: string };
    const off = await request.put("/api/admin/settings", {
      headers: { Authorization: `Bearer ${token}` },
      data: { registrationEnabled: false },
    });
    expect(off.ok()).toBe(true);

    await page.goto("/register");
    await appReady(page);
    await expect(page.getByRole("heading", { name: "Registration is closed" })).toBeVisible();
    await expect(page.getByLabel("Confirm password")).toHaveCount(0);

    await page.goto("/");
    await appReady(page);
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/login");
    await expect(
      page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Reset your password" }),
    ).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Create an account" }),
    ).toHaveCount(0);
    await page.getByRole("link", { name: "Start learning for free" }).click();
    await expect(page).toHaveURL("/login");
  });
});
