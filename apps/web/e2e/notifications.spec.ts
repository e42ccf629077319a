import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { apiAs, registerLearner, unique } from "./support/courses";
import { waitForMail } from "./support/mail";

test.describe("notifications", () => {
  test("an admin broadcasts to everyone; a learner's bell shows it, opens it and marks it read", async ({
    page,
    browser,
    request,
  }) => {
    const learner = await registerLearner(request, "Bell");
    const title = `Library closed ${unique()}`;

    await signIn(page, DEMO.admin);
    await page.getByRole("link", { name: "Send Notification" }).click();
    await expect(page).toHaveURL("/admin/notifications");
    await page.getByRole("button", { name: "Send notification" }).click();
    await expect(page.getByText("Title is required")).toBeVisible();
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Message").fill("The library is closed on Friday.");
    await expect(page.getByRole("radio", { name: "Everyone" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "In-app (the bell)" })).toBeChecked();
    await page.getByRole("button", { name: "Send notification" }).click();
    await expect(page.getByText("Notification sent", { exact: true })).toBeVisible();
    const sent = page.getByTestId("sent-notification").filter({ hasText: title });
    await expect(sent).toContainText("Everyone");
    await expect(sent).toContainText("Recipients");

    // A second one only to this learner, in-app and by e-mail, through the api.
    const admin = await apiAs(request, DEMO.admin);
    const second = `Your timetable ${unique()}`;
    await admin.post("/admin/notifications", {
      title: second,
      message: "Your timetable changed.",
      audience: { type: "users", userIds: [learner._id] },
      channels: ["in-app", "email"],
    });
    expect(await waitForMail(learner.email)).toContain(`Subject: ${second}`);

    const learnerContext = await browser.newContext();
    const learnerPage = await learnerContext.newPage();
    await signIn(learnerPage, { ...learner, home: "/dashboard" });
    const bell = learnerPage.getByRole("button", { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName("Notifications, 2 unread");
    await bell.click();
    const items = learnerPage.getByTestId("notification");
    await expect(items.first()).toContainText(second);
    const broadcast = items.filter({ hasText: title });
    await expect(broadcast).toContainText("The library is closed on Friday.");
    await expect(broadcast).toContainText("(unread)");

    await broadcast.getByRole("button", { name: `Mark as read: ${title}` }).click();
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
    await expect(broadcast).not.toContainText("(unread)");

    await learnerPage.getByRole("button", { name: "Mark all read" }).click();
    await expect(bell).toHaveAccessibleName("Notifications");
    await expect(items.filter({ hasText: "(unread)" })).toHaveCount(0);

    // The admin's history counts the reads.
    await page.reload();
    await expect(page.getByTestId("sent-notification").filter({ hasText: second })).toContainText("1 of 1");
    await learnerContext.close();
  });
});
