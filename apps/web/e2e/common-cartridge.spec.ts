import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { audit, signInByApi } from "./support/axe";
import { openCourseTab } from "./support/course-tabs";
import { createCourseWithModule, unique } from "./support/courses";

test("at 360 px an instructor exports a course as a Common Cartridge and imports it as a new course", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `Cartridge ${unique()}`;
  const { courseId, moduleId, instructor } = await createCourseWithModule(request, title);
  const base = `/instructor/courses/${courseId}`;
  await instructor.post(`${base}/modules/${moduleId}/lessons`, { title: "Welcome page", body: "<p>Hello there</p>" });
  await instructor.post(`${base}/modules`, { title: "Week two" });

  await page.setViewportSize({ width: 360, height: 780 });
  await signInByApi(page, DEMO.instructor);
  await page.goto(`/courses/${courseId}`);
  await openCourseTab(page, "Settings");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export as Common Cartridge" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Cartridge_[0-9a-f]{8}\.imscc$/);
  const cartridge = readFileSync(await file.path());

  await page.goto("/courses");
  const opener = page.getByRole("button", { name: "Import Common Cartridge" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Import Common Cartridge" });
  await dialog.getByLabel("Cartridge file (.imscc)").setInputFiles({
    name: file.suggestedFilename(),
    mimeType: "application/zip",
    buffer: cartridge,
  });
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: test.info().outputPath(`cc-import-360-${colorScheme}.png`) });
  }
  await audit(page, "Common Cartridge import dialog");
  await dialog.getByRole("button", { name: "Import" }).click();

  const result = page.getByRole("dialog", { name: `Imported “${title}”` });
  await expect(result.getByTestId("cc-count-modules")).toHaveText("2 modules");
  await expect(result.getByTestId("cc-count-lessons")).toHaveText("1 lesson");
  await expect(result).toContainText("Everything in the cartridge was imported.");
  await page.screenshot({ path: test.info().outputPath("cc-result-360-dark.png") });
  await audit(page, "Common Cartridge import result");
  await result.getByRole("button", { name: "Open course" }).click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).not.toHaveURL(`/courses/${courseId}`);
  await expect(page).toHaveURL(/\/courses\/[0-9a-f]{24}$/);
  await openCourseTab(page, "Content");
  await expect(page.getByText("Getting started").first()).toBeVisible();
  await expect(page.getByText("Week two").first()).toBeVisible();
  await expect(page.getByText("Welcome page").first()).toBeVisible();
});
