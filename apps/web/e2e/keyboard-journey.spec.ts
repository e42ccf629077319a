import { expect, type Locator, type Page, test } from "@playwright/test";
import { appReady } from "./support/auth";
import { apiAs, createCourseWithModule, publish, registerLearner, unique } from "./support/courses";

/**
 * Issue 12: one journey without a mouse (keyboard.press and typing only): sign in, open a course, open a
 * lesson, write a note, sign out. Every stop is reached with Tab (or Shift+Tab) and shows a focus indicator.
 */
test.use({ reducedMotion: "reduce" });

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus, then checks that the focus can be seen. */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", limit = 60) {
  await expect(target).toBeVisible();
  for (let presses = 0; !(await isFocused(target)); presses++) {
    if (presses === limit) throw new Error(`${limit} presses of ${key} never reached ${target}`);
    await page.keyboard.press(key);
  }
  const indicator = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return style.outlineStyle !== "none" && style.outlineWidth !== "0px" ? "outline" : style.boxShadow;
  });
  expect(indicator, `a visible focus indicator on ${target}`).not.toBe("none");
}

/** Tabs into the tab list (focus lands on the selected tab), then arrows to the tab `name`, which opens it. */
async function openTab(page: Page, name: string) {
  await tabTo(page, page.getByRole("tab", { selected: true }).first());
  const tab = page.getByRole("tab", { name });
  for (let presses = 0; !(await isFocused(tab)); presses++) {
    if (presses === 10) throw new Error(`the arrow keys never reached the tab ${name}`);
    await page.keyboard.press("ArrowRight");
  }
  await expect(tab).toHaveAttribute("aria-selected", "true");
}

test("a learner signs in, opens a course and a lesson, writes a note and signs out with the keyboard alone", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `Keyboard course ${unique()}`;
  const { courseId, moduleId, instructor } = await createCourseWithModule(request, title);
  await instructor.post(`/instructor/courses/${courseId}/modules/${moduleId}/lessons`, { title: "Reading the map" });
  await publish(request, courseId);
  const learner = await registerLearner(request, "Keys");
  await (await apiAs(request, learner)).post(`/courses/${courseId}/enroll`);

  // The skip link comes first and jumps over the navigation bar into the page's content.
  await page.goto("/login");
  await appReady(page);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement))).toBe(true);
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(learner.email);
  await tabTo(page, page.getByLabel("Password", { exact: true }));
  await page.keyboard.type(learner.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/dashboard");

  await tabTo(page, page.getByRole("link", { name: `Start ${title}` }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await openTab(page, "Content");
  const content = page.getByRole("tabpanel", { name: "Content" });
  const lesson = content.getByRole("link", { name: /Reading the map/ });
  if (!(await lesson.isVisible())) {
    await tabTo(page, content.getByRole("button", { name: /^Getting started/ }));
    await page.keyboard.press("Enter");
  }
  await tabTo(page, lesson);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}/lessons/`));

  await openTab(page, "Notes");
  const notes = page.getByLabel("Your notes for this lesson");
  await expect(notes).toBeEditable();
  await tabTo(page, notes);
  await page.keyboard.type("Keyboard only: the map is read from the legend.");
  await expect(page.getByTestId("note-status")).toHaveText("Saved");

  await tabTo(page, page.getByRole("button", { name: "User menu" }), "Shift+Tab", 120);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "Log out" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Confirm Logout" });
  await tabTo(page, dialog.getByRole("button", { name: "Sign Out" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();

  const saved = await (await apiAs(request, learner)).get<{ notes: { content: string }[] }>(
    `/courses/${courseId}/notes`,
  );
  expect(JSON.stringify(saved)).toContain("Keyboard only: the map is read from the legend.");
});
