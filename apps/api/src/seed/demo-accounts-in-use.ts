import type { Kysely } from "kysely";
import { verifyPassword } from "../auth/passwords.js";
import type { Database } from "../db/types.js";
import { DEMO_ACCOUNTS } from "./demo.js";

export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/**
 * The demo accounts that still exist, active, with their demo role and password. An install that
 * removed them or changed their passwords has none, so their passwords are never advertised there.
 */
export async function demoAccountsInUse(db: Kysely<Database>): Promise<DemoAccount[]> {
  const rows = await db
    .selectFrom("users")
    .select(["email", "role", "status", "password_hash"])
    .where(
      "email",
      "in",
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .execute();
  const checks = DEMO_ACCOUNTS.map(async (account) => {
    const row = rows.find((r) => r.email === account.email);
    if (!row || row.role !== account.role || row.status !== "active") return false;
    return verifyPassword(row.password_hash, account.password);
  });
  const inUse = await Promise.all(checks);
  return DEMO_ACCOUNTS.filter((_, i) => inUse[i]);
}
