import { expect, type Page, test } from "@playwright/test";
import { fillLogin } from "./support/auth";
import { waitForMail } from "./support/mail";

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

async function signInAs(page: Page, email: string, password: string) {
  await page.goto("/login");
  await fillLogin(page, email, password);
  await expect(page).toHaveURL("/dashboard");
}

/** The confirmation link of an e-mail-change message (quoted-printable soft breaks undone). */
function confirmLink(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = unfolded.match(/https?:\/\/[^\s"<>]+(\/confirm-email\/[A-Za-z0-9_-]+)/);
  if (!match) throw new Error("no confirmation link in the e-mail");
  return match[1];
}

test("a learner edits the profile, adds a picture, changes the password (other devices signed out) and the e-mail", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const email = `profile-${stamp}@example.test`;
  const created = await request.post("/api/auth/register", {
    data: { name: "Paula Profile", email, password: "Original123" },
  });
  expect(created.status()).toBe(201);

  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await signInAs(otherPage, email, "Original123");
  await signInAs(page, email, "Original123");

  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  await expect(page.getByTestId("profile-name")).toHaveText("Paula Profile");
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole("button", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  await dialog.getByLabel("Phone").fill("123");
  await expect(dialog.getByText("Phone number must have at least 10 digits")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeDisabled();
  await dialog.getByLabel("Phone").fill("+1 555 010 9999");
  await dialog.getByLabel("Name *").fill("Paula Changed");
  await dialog.getByLabel("Location").fill("Lisbon");
  await dialog.getByLabel("Website").fill("https://paula.example.org");
  await dialog.getByLabel("Bio").fill("Learning every day.");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("profile-name")).toHaveText("Paula Changed");
  await expect(page.getByText("Lisbon")).toBeVisible();
  await expect(page.getByText("Learning every day.")).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByText("Profile picture updated")).toBeVisible();
  const navAvatar = page.getByRole("banner").locator('img[src*="/avatar"]').first();
  await expect(navAvatar).toHaveJSProperty("complete", true);
  expect(await navAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await page.getByRole("button", { name: "Change Password" }).click();
  const passwordDialog = page.getByRole("dialog", { name: "Change Password" });
  await passwordDialog.getByLabel("Current password").fill("Wrong123");
  await passwordDialog.getByLabel("New password", { exact: true }).fill("Changed123");
  await expect(page.getByTestId("password-strength")).toContainText("Good");
  await passwordDialog.getByLabel("Confirm new password").fill("Changed123");
  await passwordDialog.getByRole("button", { name: "Change Password" }).click();
  await expect(passwordDialog.getByText("Current password is incorrect")).toBeVisible();
  await passwordDialog.getByLabel("Current password").fill("Original123");
  await passwordDialog.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password changed. Other devices have been signed out.")).toBeVisible();

  // This device stays signed in; the other one is sent to the login screen on its next request.
  await page.reload();
  await expect(page.getByTestId("profile-name")).toHaveText("Paula Changed");
  await otherPage.goto("/profile");
  await expect(otherPage).toHaveURL(/\/login/);
  await elsewhere.close();

  const newEmail = `profile-new-${stamp}@example.test`;
  await page.getByRole("button", { name: "Change E-mail" }).click();
  const emailDialog = page.getByRole("dialog", { name: "Change E-mail" });
  await emailDialog.getByLabel("New e-mail").fill(newEmail);
  await emailDialog.getByLabel("Current password").fill("Changed123");
  await emailDialog.getByRole("button", { name: "Send Link" }).click();
  await expect(page.getByRole("dialog", { name: "Check your inbox" })).toBeVisible();
  await page.getByRole("button", { name: "Done" }).click();

  await page.goto(confirmLink(await waitForMail(newEmail)));
  await expect(page.getByText("Your e-mail address has been changed.")).toBeVisible();
  // The change signed the account out everywhere: the new address signs in again.
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  await signInAs(page, newEmail, "Changed123");
  await page.goto("/profile");
  await expect(page.getByText(newEmail)).toBeVisible();
});
