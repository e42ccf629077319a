import { expect, type Page, test } from "@playwright/test";
import { DEMO } from "./support/auth";

/**
 * The public pages arrive prerendered and React takes them over a moment later (src/boot/start.tsx). A click in
 * between must not be lost: public/theme-init.js holds it and replays it once React runs the screen. Each
 * journey clicks as soon as its control is visible, twenty times, at full speed and with the CPU slowed 4×.
 */
const ROUNDS = 20;
const SPEEDS = [
  { name: "at full speed", rate: 1 },
  { name: "with the CPU slowed 4×", rate: 4 },
];
/** A click that acted shows its effect within this (a first visit with the CPU slowed takes seconds); a lost one never does. */
const ACTED_WITHIN = { timeout: 30_000 };

async function slowDown(page: Page, rate: number) {
  if (rate === 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

/** Loads `path` anew, back as soon as the answer starts arriving: before React has taken the page over. */
async function load(page: Page, path: string) {
  await page.goto(path, { waitUntil: "commit" });
}

/**
 * React must take the prerendered HTML over, not draw the page anew: a page drawn anew shows a loader for
 * a moment and the replay above would have to find its controls again by their place.
 */
test("a prerendered page keeps its HTML when React takes it over, with the CPU slowed 4×", async ({ page }) => {
  test.setTimeout(120_000);
  await slowDown(page, 4);
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { prerendered: Element | null }).prerendered = document.querySelector("main > *");
    });
  });
  for (const path of ["/login", "/", "/courses"]) {
    await page.goto(path);
    await expect(page.locator("html[data-interactive]")).toBeAttached(ACTED_WITHIN);
    // What the page draws once its data arrives comes after the takeover; the HTML must survive both.
    await page.waitForLoadState("networkidle");
    const kept = await page.evaluate(() => {
      const prerendered = (window as unknown as { prerendered: Element | null }).prerendered;
      return prerendered?.isConnected === true;
    });
    expect(kept, path).toBe(true);
  }
});

/**
 * A press and its release must land on the same control: the sign-in's demo accounts arrive after the page,
 * and a card centred down the page moved its fields up under a pointer that was pressing (the release then
 * landed beside the eye, and the click on the form around both).
 */
test("the sign-in form stays in place when the demo accounts arrive", async ({ page }) => {
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route("**/api/auth/demo-accounts", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/login");
  await expect(page.locator("html[data-interactive]")).toBeAttached();
  const eye = page.getByRole("button", { name: "Show password" });
  const before = await eye.boundingBox();
  answer();
  await expect(page.getByRole("region", { name: "Demo accounts" })).toBeVisible();
  expect(await eye.boundingBox()).toEqual(before);
});

for (const { name, rate } of SPEEDS) {
  test.describe(`a click at first paint acts, ${name}`, () => {
    test("/login: the show-password eye", async ({ page }) => {
      test.setTimeout(300_000);
      await slowDown(page, rate);
      for (let round = 0; round < ROUNDS; round++) {
        await load(page, "/login");
        await page.getByRole("button", { name: "Show password" }).click();
        await expect(page.getByLabel("Password", { exact: true }), `round ${round}`).toHaveAttribute(
          "type",
          "text",
          ACTED_WITHIN,
        );
      }
    });

    test("/login: signing in after filling the form", async ({ page }) => {
      test.setTimeout(300_000);
      await slowDown(page, rate);
      // Each round starts signed out on this device.
      await page.addInitScript(() => {
        if (location.pathname === "/login") localStorage.clear();
      });
      for (let round = 0; round < ROUNDS; round++) {
        await load(page, "/login");
        await page.getByLabel("Email").fill(DEMO.learner.email);
        await page.getByLabel("Password", { exact: true }).fill(DEMO.learner.password);
        await page.getByRole("button", { name: "Sign in" }).click();
        await expect(page, `round ${round}`).toHaveURL(DEMO.learner.home, ACTED_WITHIN);
      }
    });

    test("/login: a demo account's button", async ({ page }) => {
      test.setTimeout(300_000);
      await slowDown(page, rate);
      for (let round = 0; round < ROUNDS; round++) {
        await load(page, "/login");
        await page.getByRole("button", { name: new RegExp(DEMO.learner.email) }).click();
        await expect(page.getByLabel("Email"), `round ${round}`).toHaveValue(DEMO.learner.email, ACTED_WITHIN);
      }
    });

    for (const path of ["/", "/courses"]) {
      test(`${path}: the theme button opens its menu`, async ({ page }) => {
        test.setTimeout(300_000);
        await slowDown(page, rate);
        for (let round = 0; round < ROUNDS; round++) {
          await load(page, path);
          await page.getByRole("button", { name: "Toggle theme" }).click();
          await expect(page.getByRole("menu"), `round ${round}`).toBeVisible(ACTED_WITHIN);
        }
      });
    }
  });
}
