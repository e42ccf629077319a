import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { E2E_MAIL_DIR } from "./env";

/** Waits for an e-mail to `to` at the test's SMTP server and answers its raw text. */
export async function waitForMail(to: string): Promise<string> {
  let found = "";
  await expect
    .poll(
      () => {
        for (const file of readdirSync(E2E_MAIL_DIR)) {
          const raw = readFileSync(path.join(E2E_MAIL_DIR, file), "utf8");
          if (raw.includes(`To: ${to}`)) found = raw;
        }
        return found;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return found;
}

/** The reset link of a password-reset e-mail (quoted-printable soft breaks undone). */
export function resetLink(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = unfolded.match(/https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/);
  if (!match) throw new Error("no reset link in the e-mail");
  return match[0];
}
