import type { Kysely } from "kysely";
import { verifyPassword } from "../auth/passwords.js";
import type { Database } from "../db/types.js";
import { DEMO_ACCOUNTS } from "./demo.js";

export type DemoAccountSeed = (typeof DEMO_ACCOUNTS)[number];

/**
 * The demo accounts that still exist, active, with their demo role and password. An install that
 * removed them or changed their passwords has none, so their passwords are never advertised there.
 * `verified` remembers each password hash's answer, so a repeated call costs one small read.
 */
export async function demoAccountsInUse(
  db: Kysely<Database>,
  verified: Map<string, boolean> = new Map(),
): Promise<DemoAccountSeed[]> {
  const rows = await db
    .selectFrom("users")
    .select(["email", "role", "status", "password_hash"])
    .where(
      "email",
      "in",
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .execute();
  const inUse = await Promise.all(
    DEMO_ACCOUNTS.map(async (account) => {
      const row = rows.find((r) => r.email === account.email);
      if (!row || row.role !== account.role || row.status !== "active") return false;
      const key = `${account.email}\n${row.password_hash}`;
      let works = verified.get(key);
      if (works === undefined) {
        works = await verifyPassword(row.password_hash, account.password);
        if (verified.size >= DEMO_ACCOUNTS.length * 4) verified.clear();
        verified.set(key, works);
      }
      return works;
    }),
  );
  return DEMO_ACCOUNTS.filter((_, i) => inUse[i]);
}
