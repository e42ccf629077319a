import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";

// Both start a backup: run together, one would find the other's running (409).
test.describe.configure({ mode: "serial" });

test("the admin starts a System Backup from the dashboard and sees it in the history, without a download", async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await page.getByRole("button", { name: "System Backup" }).click();

  const dialog = page.getByRole("dialog", { name: "System backup" });
  await expect(dialog).toBeVisible();
  await expect(page.getByText("Backup started")).toBeVisible();
  await expect(page.getByText("Backup complete")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/archive kept on the server/)).toBeVisible();

  const history = dialog.getByRole("list", { name: "Backup history" });
  const newest = history.getByRole("listitem").first();
  await expect(newest).toContainText(DEMO.admin.name);
  await expect(newest).toContainText("Succeeded");
  await expect(newest).toContainText(/\d+ rows · \d+ files/);
  // An archive holds every password hash: a plain admin is told why there is no download.
  await expect(dialog.getByText("Only a super admin can download archives")).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^Download/ })).toHaveCount(0);

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("the super admin downloads a backup archive", async ({ page }) => {
  await signIn(page, DEMO.superAdmin);
  await page.getByRole("button", { name: "System Backup" }).click();
  const dialog = page.getByRole("dialog", { name: "System backup" });
  await expect(page.getByText("Backup complete")).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText("Only a super admin can download archives")).toHaveCount(0);

  const newest = dialog.getByRole("list", { name: "Backup history" }).getByRole("listitem").first();
  await expect(newest).toContainText(DEMO.superAdmin.name);
  const downloading = page.waitForEvent("download");
  await newest.getByRole("button", { name: /^Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lms-backup-\d{8}T\d{6}Z\.tar\.gz$/);
});
