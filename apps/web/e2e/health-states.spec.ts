import { expect, test } from "@playwright/test";
import { DEMO } from "./support/auth";
import { audit, settled, signInByApi } from "./support/axe";
import { E2E_PORT } from "./support/env";
import { type E2eServer, startE2eServer } from "./support/server";

/**
 * A component that is down must be as readable as one that is fine. The shared e2e server's mail is
 * up, so this journey runs its own server whose SMTP_URL points at a port nothing listens on.
 */
const OWN_PORT = E2E_PORT + 73;
let server: E2eServer;

test.use({ baseURL: `http://127.0.0.1:${OWN_PORT}` });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startE2eServer(OWN_PORT, { SMTP_URL: "smtp://127.0.0.1:9" });
});
test.afterAll(async () => {
  await server?.stop();
});

test("the system health panel shows a mail server that is down, readable in both themes", async ({ page }) => {
  await signInByApi(page, DEMO.admin);
  await page.goto("/admin/dashboard");
  await settled(page);
  await page.getByRole("tab", { name: "Analytics" }).click();
  const mail = page.getByTestId("health-mail");
  await expect(mail).toContainText("Down", { timeout: 15_000 });
  await expect(mail).toContainText("SMTP server unreachable");
  await audit(page, "system health with the mail server down");
});
