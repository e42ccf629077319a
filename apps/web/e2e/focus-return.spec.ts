import { expect, type Page, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { signInByApi } from "./support/axe";
import { createCourseWithModule, publish, unique } from "./support/courses";

/**
 * Issue 12: when a dialog closes, focus returns to the control that opened it, or, when that control is
 * gone with what it deleted, to a neighbour or the page's heading. Dialogs without a Radix trigger used to
 * leave focus on the page body.
 */
test.describe.configure({ mode: "parallel" });
test.use({ reducedMotion: "reduce" });

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

async function openCourse(page: Page, courseId: string, title: string, tab: string) {
  await page.goto(`/instructor/courses/${courseId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("tab", { name: tab }).click();
  return page.getByRole("tabpanel", { name: tab });
}

test("create and edit dialogs give focus back to the button that opened them", async ({ page, request }) => {
  const title = `Focus ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title);
  await signInByApi(page, DEMO.instructor);
  const content = await openCourse(page, courseId, title, "Content");
  const addModule = page.getByRole("main").getByRole("button", { name: "Add Module" }).first();

  await addModule.click();
  await page.getByRole("dialog", { name: "Add Module" }).getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(addModule).toBeFocused();

  await addModule.click();
  const create = page.getByRole("dialog", { name: "Add Module" });
  await create.getByLabel("Title").fill("Second module");
  await create.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Module created successfully.")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // A created module takes the focus: the teacher lands on what was just added.
  await expect(content.getByRole("button", { name: /^Second module/ })).toBeFocused();

  await content.getByRole("button", { name: "Edit module Getting started", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit Module" });
  await edit.getByLabel("Title").fill("First module");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(content.getByRole("button", { name: "Edit module First module", exact: true })).toBeFocused();
});

test("closing Logout gives focus back to the user menu button", async ({ page }) => {
  await signInByApi(page, DEMO.instructor);
  await page.goto("/instructor/dashboard");
  const userMenu = page.getByRole("button", { name: "User menu" });
  for (const close of ["Cancel", "Escape"]) {
    await userMenu.click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Confirm Logout" });
    await expect(dialog).toBeVisible();
    if (close === "Escape") await page.keyboard.press("Escape");
    else await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(userMenu).toBeFocused();
  }
});

test("Danger Zone: Cancel returns to Delete Course; a delete lands on the catalogue's heading", async ({
  page,
  request,
}) => {
  const title = `Doomed ${unique()}`;
  const { courseId } = await createCourseWithModule(request, title);
  await signInByApi(page, DEMO.admin); // the Danger Zone is an admin's
  const settings = await openCourse(page, courseId, title, "Settings");
  const deleteCourse = settings.getByRole("button", { name: "Delete Course" });

  await deleteCourse.click();
  await page.getByRole("alertdialog", { name: "Delete Course" }).getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(deleteCourse).toBeFocused();

  await deleteCourse.click();
  await page.getByRole("alertdialog", { name: "Delete Course" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL("/courses");
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeFocused();
});

test("Delete Session: Cancel returns to Delete; a delete moves to the next session, the last to the heading", async ({
  page,
  request,
}) => {
  const title = `Sessions ${unique()}`;
  const { courseId, instructor } = await createCourseWithModule(request, title);
  await publish(request, courseId);
  for (const [index, name] of ["Kick-off", "Follow-up"].entries()) {
    await instructor.post("/sessions", {
      courseId,
      title: name,
      description: "A session whose delete is tested.",
      scheduledAt: new Date(Date.now() + (index + 1) * 86_400_000).toISOString(),
      duration: 60,
      type: "review",
      maxParticipants: null,
    });
  }
  await signInByApi(page, DEMO.instructor);
  const sessions = await openCourse(page, courseId, title, "Sessions");
  const deletes = sessions.getByRole("button", { name: /^Delete: / });
  await expect(deletes).toHaveCount(2);
  const confirm = async () => {
    await page
      .getByRole("alertdialog", { name: "Delete session?" })
      .getByRole("button", { name: "Delete Session" })
      .click();
    await expect(toast(page, "Session deleted")).toBeVisible();
  };

  await deletes.first().click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(deletes.first()).toBeFocused();

  await page.keyboard.press("Enter");
  await confirm();
  await expect(sessions.getByText("Kick-off")).toHaveCount(0);
  await expect(deletes).toHaveCount(1);
  await expect(deletes.first()).toBeFocused();

  await page.keyboard.press("Enter");
  await confirm();
  await expect(deletes).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeFocused();
});
