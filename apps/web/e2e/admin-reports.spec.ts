import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { DEMO, signIn } from "./support/auth";
import { registerLearner } from "./support/courses";

test("an admin downloads a users report from the dashboard's Generate Reports dialog", async ({ page, request }) => {
  const learner = await registerLearner(request, "Reported");
  const today = new Date().toISOString().slice(0, 10);

  await signIn(page, DEMO.admin);
  const action = page.getByRole("button", { name: "Generate Reports" });
  await action.click();
  const dialog = page.getByRole("dialog", { name: "Generate Reports" });
  await expect(dialog).toBeVisible();

  // Escape closes it and gives focus back to the quick action.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(action).toBeFocused();

  await action.click();
  await expect(dialog.getByLabel("Report")).toHaveValue("users");
  // The users report has no course filter; the enrollments report has one.
  await expect(dialog.getByLabel("Course")).toHaveCount(0);
  await dialog.getByLabel("Report").selectOption("enrollments");
  await expect(dialog.getByLabel("Course")).toBeVisible();
  await dialog.getByLabel("Report").selectOption("users");

  await dialog.getByLabel("From").fill("2030-01-02");
  await dialog.getByLabel("To").fill("2030-01-01");
  await dialog.getByRole("button", { name: "Download CSV" }).click();
  await expect(dialog.getByText("The end date is before the start date")).toBeVisible();
  await expect(dialog.getByLabel("To")).toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("From").fill(today);
  await dialog.getByLabel("To").fill(today);
  await dialog.getByLabel("Role").selectOption("learner");
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`users-report-${today}.csv`);
  const [header, ...records] = parse(await readFile(await download.path())) as string[][];
  expect(header).toEqual(["Name", "Email", "Role", "Status", "Credits", "Email verified", "Last login", "Created"]);
  expect(records.find((r) => r[1] === learner.email)?.slice(0, 4)).toEqual([
    learner.name,
    learner.email,
    "learner",
    "active",
  ]);
  expect(records.every((r) => r[2] === "learner" && r[7].startsWith(today))).toBe(true);

  await expect(dialog).toBeHidden();
  await expect(page.getByText("Report downloaded")).toBeVisible();
  await expect(action).toBeFocused();
});
