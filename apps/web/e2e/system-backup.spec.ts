import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";

test("the admin starts a System Backup from the dashboard, sees it in the history and downloads it", async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await page.getByRole("button", { name: "System Backup" }).click();

  const dialog = page.getByRole("dialog", { name: "System backup" });
  await expect(dialog).toBeVisible();
  await expect(page.getByText("Backup started")).toBeVisible();
  await expect(page.getByText("Backup complete")).toBeVisible({ timeout: 20_000 });

  const history = dialog.getByRole("list", { name: "Backup history" });
  const newest = history.getByRole("listitem").first();
  await expect(newest).toContainText(DEMO.admin.name);
  await expect(newest).toContainText("Succeeded");
  await expect(newest).toContainText(/\d+ rows · \d+ files/);

  const downloading = page.waitForEvent("download");
  await newest.getByRole("button", { name: /^Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lms-backup-\d{8}T\d{6}Z\.tar\.gz$/);

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});
