import type { Page } from "@playwright/test";

/** Opens a course page's tab: below Tailwind's `sm` (640 px) the tabs are a select. */
export async function openCourseTab(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1280) < 640) {
    await page.getByTestId("course-tab-select").selectOption({ label: name });
  } else {
    await page.getByRole("tab", { name }).click();
  }
}
