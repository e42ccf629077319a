import { expect, type Page, test } from "@playwright/test";
import { SignJWT } from "jose";
import { appReady, DEMO, signIn, storedToken } from "./support/auth";
import { E2E_JWT_SECRET } from "./support/env";

/** An access token for the signed-in user that expired a minute ago, signed like the server's. */
async function expireAccessToken(page: Page): Promise<void> {
  // Swapped on a page of the same origin that runs no app code: a dashboard request still starting
  // would meet the expired token and rotate the refresh token while the page unloads, leaving it a
  // spent one (reuse = sign-out) and the test racing the app instead of testing it.
  const token = await storedToken(page, "token");
  const claims = JSON.parse(Buffer.from(String(token).split(".")[1], "base64url").toString());
  const now = Math.floor(Date.now() / 1000);
  const expired = await new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuedAt(now - 1000)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
  await page.goto("/api/health");
  await page.evaluate((t) => localStorage.setItem("token", t), expired);
}

test("an expired access token is refreshed without the user noticing", async ({ page }) => {
  await signIn(page, DEMO.learner);
  const oldRefresh = await storedToken(page, "refreshToken");
  await expireAccessToken(page);
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: `Welcome back, ${DEMO.learner.name}!` })).toBeVisible();
  await expect.poll(() => storedToken(page, "refreshToken")).not.toBe(oldRefresh);
});

test("a revoked refresh token sends the user to /login", async ({ page, request }) => {
  await signIn(page, DEMO.learner);
  const token = await storedToken(page, "token");
  const refreshToken = await storedToken(page, "refreshToken");
  const revoked = await request.post("/api/auth/logout", {
    headers: { authorization: `Bearer ${token}` },
    data: { refreshToken },
  });
  expect(revoked.status()).toBe(200);
  await expireAccessToken(page);
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login");
  await appReady(page);
  await expect.poll(() => storedToken(page, "token")).toBeNull();
  await expect.poll(() => storedToken(page, "refreshToken")).toBeNull();
});
