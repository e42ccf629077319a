import { expect, test } from "@playwright/test";

test("the home page shows live statistics, feature tiles and popular courses filtered by category", async ({
  page,
  request,
}) => {
  const stats = (await (await request.get("/api/stats/public")).json()).data;
  await page.goto("/");
  await expect(page.getByText(String(stats.courses), { exact: true }).first()).toBeVisible();

  const cards = page
    .locator("#courses")
    .getByRole("link")
    .filter({ has: page.getByRole("heading") });
  await expect(cards).toHaveCount(6);

  await page.getByRole("button", { name: /^Design/ }).click();
  await expect(page.getByRole("button", { name: /^Design/ })).toHaveAttribute("aria-pressed", "true");
  await expect(cards).toHaveCount(2);
  await expect(page.getByText("UI Design Fundamentals")).toBeVisible();
  await expect(page.getByText("Modern JavaScript from Zero")).toBeHidden();
});
