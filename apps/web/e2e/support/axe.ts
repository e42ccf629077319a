import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import axe from "axe-core";

/** WCAG 2.1 level AA: the rules the audit holds every screen to. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Rules axe leaves off by default that the audit turns on: label-content-name-mismatch (WCAG 2.5.3
 * "label in name", experimental in axe) catches an accessible name that does not hold the visible
 * label, which speech users say to reach a control.
 */
const EXTRA_RULES = { "label-content-name-mismatch": { enabled: true } };

type Violation = Pick<axe.Result, "id" | "nodes">;

/**
 * axe's findings on what the page shows now. A page without frames gets axe once per document and runs it
 * there: AxeBuilder sends and compiles axe's 550 KB source on every run and finishes in a new blank page,
 * which cost most of each audit's time. A page with frames keeps AxeBuilder, which audits inside them too.
 */
async function findings(page: Page): Promise<Violation[]> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options({ rules: EXTRA_RULES }).withTags(WCAG_TAGS);
    return (await builder.analyze()).violations;
  }
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, rules }) => {
      const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: "tag", values: tags },
        rules,
        resultTypes: ["violations"],
      });
      return violations.map(({ id, nodes }) => ({ id, nodes }));
    },
    { tags: WCAG_TAGS, rules: EXTRA_RULES },
  );
}

/** Each violating node as one readable line: where, which rule, and axe's reason. */
export async function violations(page: Page, label: string): Promise<string[]> {
  return (await findings(page)).flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${label}: ${violation.id} at ${node.target.join(" ")}: ${(node.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 240)}`,
    ),
  );
}

/**
 * Audits what the page shows now, in the light and then the dark theme (the app follows the system
 * scheme while the theme preference is "system", so no reload is needed). Soft: one run lists all findings.
 */
export async function audit(page: Page, label: string): Promise<void> {
  const found: string[] = [];
  // A toast fading in or out has its colours half-way too; sonner drops its transitions under reduced motion.
  const reducedBefore = await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${colorScheme}\\b`));
    // Colours fade between themes: axe would read them half-way.
    await page.evaluate(() =>
      Promise.all(
        document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished.catch(() => null)] : [])),
      ),
    );
    found.push(...(await violations(page, `${label} (${colorScheme})`)));
  }
  await page.emulateMedia({ colorScheme: "light", reducedMotion: reducedBefore ? "reduce" : "no-preference" });
  expect.soft(found, `axe violations on ${label}`).toEqual([]);
}

/** Opens `path`, waits until its content has loaded (no spinner, a level-1 heading), and audits it. */
export async function auditScreen(page: Page, path: string, label = path): Promise<void> {
  await page.goto(path);
  await settled(page);
  await audit(page, label);
}

/** Waits for the lazy route and its data: the loaders gone and a level-1 heading on the page. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.locator('main [role="status"][aria-busy="true"], main .animate-spin')).toHaveCount(0);
}

/** Audits each tab of the page's first tab list in turn (an inactive tab's panel is not in the page). */
export async function auditTabs(page: Page, label: string): Promise<void> {
  const tabs = page.getByRole("main").getByRole("tablist").first().getByRole("tab");
  const names = await tabs.allInnerTexts();
  for (const [index, name] of names.entries()) {
    await tabs.nth(index).click();
    await expect(page.getByRole("main").getByRole("tabpanel").first()).toBeVisible();
    await expect(page.locator("main .animate-spin")).toHaveCount(0);
    await audit(page, `${label} tab ${name.trim()}`);
  }
}

/** The dialog (or alert dialog) open on top. */
export const topDialog = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]').last();

/**
 * Opens a dialog with `opener`, audits it in both themes, closes it with Escape and checks that focus came
 * back to the opener.
 */
export async function auditDialog(page: Page, opener: Locator, label: string): Promise<void> {
  await opener.click();
  await expect(topDialog(page)).toBeVisible();
  await audit(page, label);
  await page.keyboard.press("Escape");
  await expect(page.locator('[role="dialog"], [role="alertdialog"]')).toHaveCount(0);
  await expect(opener, `focus back on the opener of ${label}`).toBeFocused();
}

/** Signs in through the api and hands the tokens to the page (as the login screen stores them), without the form. */
export async function signInByApi(page: Page, account: { email: string; password: string }): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: account });
  const { data } = (await response.json()) as { data: { token: string; refreshToken: string } };
  await page.addInitScript(
    ([token, refreshToken]) => {
      if (localStorage.getItem("token")) return;
      localStorage.setItem("token", token);
      localStorage.setItem("refreshToken", refreshToken);
    },
    [data.token, data.refreshToken] as const,
  );
}
