import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { E2E_MAIL_DIR } from "./support/env";
import { waitForMail } from "./support/mail";

test("an admin sees an e-mail job the mail server refused, and retries it once the server takes it", async ({
  page,
  request,
}) => {
  const email = `refused-${Date.now()}@example.test`;
  const refusal = path.join(E2E_MAIL_DIR, `refuse-${email}`);
  const created = await request.post("/api/auth/register", {
    data: { name: "Rosa Refused", email, password: "Original123" },
  });
  expect(created.status()).toBe(201);
  writeFileSync(refusal, "");
  const since = new Date().toISOString();
  // The request succeeds although its e-mail cannot be delivered: the e-mail is a job.
  expect((await request.post("/api/auth/forgot-password", { data: { email } })).status()).toBe(200);

  await signIn(page, DEMO.admin);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  // The job fails both of its attempts (the e2e server allows two); find it among the failed jobs.
  let jobId = "";
  await expect
    .poll(
      async () => {
        const answer = await request.get("/api/admin/jobs?status=failed&limit=100", {
          headers: { authorization: `Bearer ${token}` },
        });
        const jobs: { _id: string; type: string; createdAt: string }[] = (await answer.json()).data.jobs;
        jobId = jobs.find((job) => job.type === "mail.send" && job.createdAt >= since)?._id ?? "";
        return jobId;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");

  await page.goto("/admin/settings");
  const item = page.getByRole("listitem").filter({ hasText: jobId });
  await expect(page.getByRole("heading", { name: "Background jobs" })).toBeVisible();
  await expect(item).toBeVisible();
  await expect(item.getByText("E-mail", { exact: true })).toBeVisible();
  await expect(item.getByText("mail.send")).toBeVisible();
  // The refusal, not the job id (a hex id can hold "550" too).
  await expect(item.getByText(/rejected: 550/)).toBeVisible();
  await expect(item.getByText("2 of 2")).toBeVisible();
  // Never the link with its token.
  await expect(page.locator("body")).not.toContainText("reset-password");

  rmSync(refusal);
  await item.getByRole("button", { name: `Retry E-mail job ${jobId}` }).click();
  await expect(page.getByText("Job queued again")).toBeVisible();
  await expect(item).toHaveCount(0);
  const mail = await waitForMail(email);
  expect(mail).toContain("reset-password");
});
