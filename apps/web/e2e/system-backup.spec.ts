import { expect, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";

// Two start a backup: run together, one would find the other's running (409); the first counts backups.
test.describe.configure({ mode: "serial" });

/** Opens the dashboard's System Backup and starts one through its confirmation. */
async function backUpNow(page: Page) {
  await page.getByRole("button", { name: "System Backup" }).click();
  const dialog = page.getByRole("dialog", { name: "System backup" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Back up now" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Start a backup now?" });
  await expect(confirm).toContainText(/keep their newest \d+ archives/);
  await confirm.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByText("Backup started")).toBeVisible();
  return dialog;
}

test("opening System Backup seven times only shows the history: no backup starts, no archive goes", async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  const historyAnswers: number[] = [];
  page.on("response", async (response) => {
    if (response.url().includes("/api/admin/backup/history")) {
      historyAnswers.push((await response.json()).data.pagination.total);
    }
  });
  let started = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/admin/backup") started++;
  });
  for (let i = 0; i < 7; i++) {
    await page.getByRole("button", { name: "System Backup" }).click();
    const dialog = page.getByRole("dialog", { name: "System backup" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Back up now" })).toBeEnabled();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  }
  expect(started).toBe(0);
  expect(historyAnswers.length).toBeGreaterThan(0);
  expect(new Set(historyAnswers).size).toBe(1);
  // Cancelling the confirmation starts nothing either.
  await page.getByRole("button", { name: "System Backup" }).click();
  await page.getByRole("dialog", { name: "System backup" }).getByRole("button", { name: "Back up now" }).click();
  await page.getByRole("alertdialog", { name: "Start a backup now?" }).getByRole("button", { name: "Cancel" }).click();
  expect(started).toBe(0);
});

test("the admin starts a System Backup from the dashboard and sees it in the history, without a download", async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  const dialog = await backUpNow(page);
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
  const dialog = await backUpNow(page);
  await expect(page.getByText("Backup complete")).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText("Only a super admin can download archives")).toHaveCount(0);

  const newest = dialog.getByRole("list", { name: "Backup history" }).getByRole("listitem").first();
  await expect(newest).toContainText(DEMO.superAdmin.name);
  const downloading = page.waitForEvent("download");
  await newest.getByRole("button", { name: /^Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lms-backup-\d{8}T\d{6}Z\.tar\.gz$/);
});
