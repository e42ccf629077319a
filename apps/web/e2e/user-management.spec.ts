import { expect, test } from "@playwright/test";
import { appReady, DEMO, signIn } from "./support/auth";
import { apiAs, uniqueLetters } from "./support/courses";

test.describe("user management", () => {
  test("an admin creates, finds, edits, toggles, bulk-changes and deletes users", async ({ page, request }) => {
    const marker = uniqueLetters();
    const first = { name: `Uma ${marker}`, email: `uma-${marker}@example.com` };
    const second = { name: `Otto ${marker}`, email: `otto-${marker}@example.com` };
    const admin = await apiAs(request, DEMO.admin);
    await admin.post("/admin/users", { ...second, password: "Secret123" });

    await signIn(page, DEMO.admin);
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
    await page.getByLabel("Search users").fill(marker);
    const rows = page.getByTestId("user-row");
    await expect(rows).toHaveCount(1);

    await page.getByRole("button", { name: "Create User" }).click();
    const dialog = page.getByRole("dialog", { name: "Create User" });
    const submit = dialog.getByRole("button", { name: "Create User" });
    // An invitation is the default; this admin chooses the password instead.
    await expect(dialog.getByLabel("Send an invitation")).toBeChecked();
    await dialog.getByLabel("Send an invitation").uncheck();
    await dialog.getByLabel("Name *").fill("U");
    await expect(dialog.getByText("Name must be at least 2 characters long")).toBeVisible();
    await expect(submit).toBeDisabled();
    await dialog.getByLabel("Name *").fill(first.name);
    await dialog.getByLabel("Email *").fill("not-an-email");
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
    await dialog.getByLabel("Email *").fill(second.email);
    await expect(dialog.getByText("This email is already registered")).toBeVisible();
    await dialog.getByLabel("Email *").fill(first.email);
    await dialog.getByLabel("Password *").fill("weakpass");
    await expect(dialog.getByText("Password must contain at least one uppercase letter")).toBeVisible();
    await expect(dialog.getByTestId("password-strength")).toContainText("Weak");
    await expect(submit).toBeDisabled();
    await dialog.getByLabel("Password *").fill("Str0ngPass!");
    await expect(dialog.getByTestId("password-strength")).toContainText("Strong");
    await dialog.getByLabel("Phone").fill("123");
    await expect(dialog.getByText("Phone number must have at least 10 digits")).toBeVisible();
    await expect(submit).toBeDisabled();
    await dialog.getByLabel("Phone").fill("+1 555 123 4567");
    // An e-mail registered but not among the loaded users: the server refuses it, shown under the field.
    await dialog.getByLabel("Email *").fill(DEMO.learner.email);
    await submit.click();
    await expect(dialog.getByText("This email is already registered")).toBeVisible();
    await expect(submit).toBeDisabled();
    await dialog.getByLabel("Email *").fill(first.email);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText("User created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(rows).toHaveCount(2);
    const firstRow = rows.filter({ hasText: first.email });
    await expect(firstRow).toContainText("Learner");
    await expect(firstRow).toContainText("Active");

    await page.getByRole("button", { name: `Edit ${first.name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit User" });
    await edit.getByLabel("Credits").fill("25");
    await edit.getByLabel("Role").selectOption("instructor");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("User updated successfully")).toBeVisible();
    await expect(firstRow).toContainText("Instructor");
    await expect(firstRow.getByRole("cell").nth(4)).toHaveText("25");

    await page.getByRole("button", { name: `Deactivate ${first.name}` }).click();
    await expect(firstRow).toContainText("Inactive");
    await expect(page.getByRole("button", { name: `Activate ${first.name}` })).toBeVisible();

    await page.getByLabel("Select all users on this page").check();
    await expect(page.getByText("2 user(s) selected")).toBeVisible();
    await page.getByLabel("Set credits").fill("77");
    await page.getByRole("button", { name: "Apply to selected" }).click();
    await expect(page.getByText("2 user(s) updated")).toBeVisible();
    for (const row of await rows.all()) await expect(row.getByRole("cell").nth(4)).toHaveText("77");
    const stored = await admin.get<{ users: { email: string; credits: number }[] }>(`/admin/users?search=${marker}`);
    expect(stored.users.map((u) => u.credits)).toEqual([77, 77]);

    await page.getByRole("button", { name: `Delete ${second.name}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(second.email);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("User deleted successfully")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(first.email);
  });

  test("an admin bulk-changes roles and suspends a signed-in user, whose open session is cut off", async ({
    browser,
    page,
    request,
  }) => {
    const marker = uniqueLetters();
    const people = [
      { name: `Sam ${marker}`, email: `sam-${marker}@example.com`, password: "Secret123" },
      { name: `Tia ${marker}`, email: `tia-${marker}@example.com`, password: "Secret123" },
    ];
    const admin = await apiAs(request, DEMO.admin);
    for (const person of people) await admin.post("/admin/users", person);

    const learnerContext = await browser.newContext();
    const learnerPage = await learnerContext.newPage();
    await signIn(learnerPage, { ...people[0], home: "/dashboard" });

    await signIn(page, DEMO.admin);
    await page.goto("/admin/users");
    await page.getByLabel("Search users").fill(marker);
    const rows = page.getByTestId("user-row");
    await expect(rows).toHaveCount(2);
    await page.getByLabel("Select all users on this page").check();
    await page.getByLabel("Set role").selectOption("instructor");
    await page.getByRole("button", { name: "Apply to selected" }).click();
    await expect(page.getByText("2 user(s) updated")).toBeVisible();
    for (const row of await rows.all()) await expect(row).toContainText("Instructor");
    // The same words come back for the next change: wait for this toast to go first.
    await expect(page.getByText("2 user(s) updated")).toBeHidden();

    await page.getByLabel("Select all users on this page").check();
    await page.getByLabel("Set status").selectOption("suspended");
    await page.getByRole("button", { name: "Apply to selected" }).click();
    await expect(page.getByText("2 user(s) updated")).toBeVisible();
    for (const row of await rows.all()) await expect(row).toContainText("Suspended");

    // The suspended user's next request is refused and the app signs them out.
    await learnerPage.goto("/courses");
    await appReady(learnerPage);
    await expect(learnerPage).toHaveURL(/\/(login)?$/);
    await expect(
      learnerPage
        .getByRole("link", { name: "Sign in" })
        .or(learnerPage.getByRole("button", { name: "Sign in" }))
        .first(),
    ).toBeVisible();
    await learnerContext.close();
  });

  test("a learner visiting /admin/users gets the Access Denied toast and lands on /dashboard", async ({ page }) => {
    await signIn(page, DEMO.learner);
    await page.goto("/admin/users");
    await expect(page.getByText("Access Denied: You don't have permission to access this page.")).toBeVisible();
    await expect(page).toHaveURL("/dashboard");
  });
});
