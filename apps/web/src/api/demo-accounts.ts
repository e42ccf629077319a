import type { DemoAccount } from "@lms/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";

/** The demo accounts the login page may offer: none once an install removed them or changed their passwords. */
export function useDemoAccounts() {
  return useQuery({
    queryKey: ["auth", "demo-accounts"],
    queryFn: async ({ signal }) =>
      (await api.get<{ accounts: DemoAccount[] }>("/auth/demo-accounts", signal)).data.accounts,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
