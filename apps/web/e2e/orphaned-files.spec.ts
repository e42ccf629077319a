import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";

test("an admin sees an orphaned stored file in the dry run and removes it after confirming", async ({ page }) => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is set by the global setup");
  // A file no row points at, written two hours ago (younger files may be uploads on their way).
  const name = `${Date.now().toString(16).padStart(24, "0")}`;
  const key = `materials/${name}`;
  const file = path.join(dataDir, "uploads", key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, "left behind");
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
  utimesSync(file, twoHoursAgo, twoHoursAgo);

  await signIn(page, DEMO.admin);
  await page.goto("/admin/settings");
  const card = page.getByTestId("orphaned-files");
  await expect(card.getByRole("heading", { name: "Orphaned files" })).toBeVisible();
  await expect(card.getByTestId("orphan-summary")).toContainText(/orphaned files?, /);
  await card.getByText("Show some of their names").click();
  await expect(card.getByText(key)).toBeVisible();

  await card.getByRole("button", { name: "Remove orphaned files" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByText("This cannot be undone.")).toBeVisible();
  await dialog.getByRole("button", { name: "Remove orphaned files" }).click();
  await expect(page.getByText(/were removed|was removed/)).toBeVisible();
  await expect(card.getByText("No orphaned files")).toBeVisible();
  expect(existsSync(file)).toBe(false);
});
