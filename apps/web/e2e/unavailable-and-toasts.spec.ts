import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { signInByApi } from "./support/axe";
import { registerLearner } from "./support/courses";

/** The contrast ratio of the control's text against the first opaque background behind it, as painted. */
async function contrastOf(control: Locator): Promise<number> {
  return control.evaluate((element) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const paint = canvas.getContext("2d", { willReadFrequently: true }) as CanvasRenderingContext2D;
    const rgba = (color: string) => {
      paint.clearRect(0, 0, 1, 1);
      paint.fillStyle = color;
      paint.fillRect(0, 0, 1, 1);
      return paint.getImageData(0, 0, 1, 1).data;
    };
    const luminance = (color: Uint8ClampedArray) => {
      const [r, g, b] = [0, 1, 2].map((index) => {
        const channel = color[index] / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let behind: Element | null = element;
    while (behind && rgba(getComputedStyle(behind).backgroundColor)[3] === 0) behind = behind.parentElement;
    const text = luminance(rgba(getComputedStyle(element).color));
    const ground = luminance(rgba(getComputedStyle(behind ?? document.body).backgroundColor));
    return (Math.max(text, ground) + 0.05) / (Math.min(text, ground) + 0.05);
  });
}

/** Whether a click at the centre of `control` lands on it (nothing painted over it). */
async function reachable(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });
}

async function inDarkTheme(page: Page) {
  await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
}

test("a disabled button says why on hover and keyboard focus, stays readable in the dark theme, and ignores activation", async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await page.goto("/admin/users");
  await page.getByLabel("Search users").fill(DEMO.admin.email);
  // (the super admin's address holds the admin's too)
  const ownRow = page.getByTestId("user-row").filter({ hasText: DEMO.admin.name });
  await expect(ownRow).toHaveCount(1);
  const deleteSelf = ownRow.getByRole("button", { name: `Delete ${DEMO.admin.name}` });
  await expect(deleteSelf).toBeDisabled();
  await expect(deleteSelf).toHaveAccessibleDescription("You cannot do this to your own account");

  // Reachable by keyboard: focus shows the reason; Enter and Space do nothing.
  const reason = ownRow.getByRole("tooltip", { name: "You cannot do this to your own account" });
  await expect(reason).toBeHidden();
  await deleteSelf.focus();
  await expect(reason).toBeVisible();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Space");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await deleteSelf.blur();
  await expect(reason).toBeHidden();

  // Hovering shows it too.
  await deleteSelf.hover({ force: true });
  await expect(reason).toBeVisible();

  await inDarkTheme(page);
  // Read once the theme's colour transition has settled: mid-way the colours are neither theme's.
  await expect.poll(() => contrastOf(deleteSelf)).toBeGreaterThanOrEqual(4.5);

  // A filled button (the dialog's submit) while a field is wrong: muted, not faded.
  await page.getByRole("button", { name: "Create User" }).click();
  const dialog = page.getByRole("dialog", { name: "Create User" });
  await dialog.getByLabel("Name *").fill("U");
  const submit = dialog.getByRole("button", { name: "Create User" });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription("Correct the highlighted fields first");
  await expect.poll(() => contrastOf(submit)).toBeGreaterThanOrEqual(4.5);
  await submit.hover({ force: true });
  await expect(dialog.getByRole("tooltip", { name: "Correct the highlighted fields first" })).toBeVisible();
  // Enter in a field would submit through the default button: it refuses.
  await dialog.getByLabel("Name *").press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Name *").fill("Una Valid");
  await expect(submit).toBeEnabled();
  await expect(dialog.getByRole("tooltip")).toHaveCount(0);
});

for (const viewport of [
  { width: 360, height: 640 },
  { width: 1024, height: 600 },
]) {
  test(`a toast raised while a dialog is open leaves its close and footer buttons uncovered (${viewport.width}×${viewport.height})`, async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
    const page = await context.newPage();
    const learner = await registerLearner(request, "Toasty");
    await signInByApi(page, learner);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await dialog.getByLabel("Current password").fill("Wrong123!");
    await dialog.getByLabel("New password", { exact: true }).fill("Changed123!");
    await dialog.getByLabel("Confirm new password").fill("Changed123!");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    // Announced and reachable although the dialog hides the page behind it from assistive technology.
    const toastCard = page.getByRole("listitem").filter({ hasText: "Failed to change password." });
    await expect(toastCard).toBeVisible();
    await expect(dialog).toBeVisible();
    await toastCard.hover(); // holds the toast (sonner pauses its timer) while it is measured

    // Nothing of the dialog lies under the toast, and its buttons take clicks (the wrong password has left
    // submit disabled until the field is changed, so it is checked by place only).
    const toastBox = await toastCard.boundingBox();
    const dialogBox = await dialog.boundingBox();
    expect(toastBox && dialogBox && toastBox.y >= dialogBox.y + dialogBox.height).toBe(true);
    for (const control of [
      dialog.getByRole("button", { name: "Close" }),
      dialog.getByRole("button", { name: "Cancel" }),
    ]) {
      expect(await reachable(control), (await control.getAttribute("aria-label")) ?? "a dialog button").toBe(true);
    }

    // Dismissing the toast leaves the dialog and what was typed in it.
    await toastCard.getByRole("button", { name: "Close toast" }).click();
    await expect(toastCard).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("New password", { exact: true })).toHaveValue("Changed123!");
    await context.close();
  });
}
