import type { DemoAccount } from "@lms/contract";
import { KeyRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useDemoAccounts } from "@/api/demo-accounts";

/** The roles the login page offers to try; the super admin stays unadvertised. */
const OFFERED_ROLES: readonly string[] = ["admin", "instructor", "learner"];

/** The demo accounts to try, shown only while the install still has them with their demo passwords. */
export function DemoAccounts({ onPick, disabled }: { onPick: (account: DemoAccount) => void; disabled: boolean }) {
  const { t } = useTranslation("auth");
  const accounts = (useDemoAccounts().data ?? []).filter((account) => OFFERED_ROLES.includes(account.role));
  if (accounts.length === 0) return null;
  return (
    <section aria-labelledby="demo-accounts" className="rounded-lg border border-dashed bg-muted/40 p-4">
      <h2 id="demo-accounts" className="flex items-center gap-2 font-medium text-sm">
        <KeyRound aria-hidden="true" className="size-4 text-primary" />
        {t("demo.title")}
      </h2>
      <p className="mt-1 text-xs text-muted-foreground">{t("demo.hint")}</p>
      <ul className="mt-3 grid gap-2">
        {accounts.map((account) => (
          <li key={account.role}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(account)}
              className="grid w-full gap-x-2 sm:grid-cols-[5.5rem_1fr] rounded-md bg-background px-3 py-2 text-left text-xs shadow-xs ring-1 ring-border transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60 sm:text-sm"
            >
              <span className="self-center font-medium sm:row-span-2">
                {t(`roles.${account.role}`, { ns: "common" })}
              </span>
              <span className="break-all font-mono">{account.email}</span>
              <span className="font-mono text-muted-foreground">{account.password}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
