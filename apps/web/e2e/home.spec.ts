import { expect, test } from "@playwright/test";
import { appReady } from "./support/auth";

test("the home page shows live statistics, feature tiles and popular courses filtered by category", async ({
  page,
  request,
}) => {
  const readStats = async () => (await (await request.get("/api/stats/public")).json()).data;
  const before = await readStats();
  await page.goto("/");
  await appReady(page);
  const figure = (label: string) =>
    page
      .locator("dl div")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator("dd");
  await expect(figure("Courses")).toHaveText(/^\d+$/);
  await expect(figure("Students")).toHaveText(/^\d+$/);
  // Other journeys run in parallel and only add users and courses: the page shows a value from in between.
  const after = await readStats();
  for (const [label, key] of [
    ["Courses", "courses"],
    ["Students", "students"],
  ] as const) {
    const shown = Number(await figure(label).textContent());
    expect(shown).toBeGreaterThanOrEqual(before[key]);
    expect(shown).toBeLessThanOrEqual(after[key]);
  }

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
