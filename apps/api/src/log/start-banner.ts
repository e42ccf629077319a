import type { DemoAccountSeed } from "../seed/demo-accounts-in-use.js";

/** What `npm start` prints on a terminal once the server listens: where to go, and how to sign in there. */
export function startBanner(address: string, demoAccounts: DemoAccountSeed[]): string {
  const lines = ["", `  LMS is running at ${address}`];
  if (demoAccounts.length > 0) {
    const width = Math.max(...demoAccounts.map((account) => account.email.length));
    lines.push("", "  Demo accounts (shown while their passwords are unchanged):");
    for (const account of demoAccounts) {
      lines.push(`    ${account.role.padEnd(12)} ${account.email.padEnd(width)}  ${account.password}`);
    }
  }
  lines.push("");
  return lines.join("\n");
}
