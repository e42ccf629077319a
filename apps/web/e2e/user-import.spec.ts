import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { uniqueLetters } from "./support/courses";

const csvFile = (content: string) => ({ name: "users.csv", mimeType: "text/csv", buffer: Buffer.from(content) });

test("an admin imports users from CSV: the preview shows the bad row, the fixed file imports, the list exports", async ({
  page,
}) => {
  const marker = uniqueLetters();
  const good = `Iris ${marker},iris-${marker}@example.com,,,`;
  await signIn(page, DEMO.admin);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();

  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import users" });
  const file = dialog.getByLabel("CSV file");
  await file.setInputFiles(csvFile(`name,email,role,password,credits\n${good}\nJon ${marker},not-an-email,,,\n`));
  const problems = dialog.getByRole("table", { name: "Problems of the file" });
  await expect(problems.getByRole("row")).toHaveCount(2);
  await expect(problems.getByRole("row").nth(1)).toContainText("3");
  await expect(problems.getByRole("row").nth(1)).toContainText("email");
  await expect(problems.getByRole("row").nth(1)).toContainText("Please enter a valid email address");
  await expect(dialog.getByRole("button", { name: "Import" })).toBeDisabled();

  await file.setInputFiles(
    csvFile(
      `name,email,role,password,credits\n${good}\nJon ${marker},jon-${marker}@example.com,instructor,Secret123,7\n`,
    ),
  );
  await expect(dialog.getByText("Ready: 2 users, 1 invitation, 0 enrollments.")).toBeVisible();
  await dialog.getByRole("button", { name: "Import 2 users" }).click();
  await expect(dialog.getByText("Imported 2 users.")).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "Done" }).click();

  await page.getByLabel("Search users").fill(marker);
  const rows = page.getByTestId("user-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `jon-${marker}@example.com` })).toContainText("Instructor");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), "utf8")
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe("Name,Email,Role,Status,Credits,Email verified,Last login,Created");
  expect(
    lines
      .slice(1)
      .map((line) => line.split(",")[1])
      .sort(),
  ).toEqual([`iris-${marker}@example.com`, `jon-${marker}@example.com`].sort());
});
