import type { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { accountPreferencesQuery } from "@/api/preferences";
import { switchLanguage } from "@/i18n/i18n";
import { toast } from "@/lib/toast";

/**
 * The welcome once signed in, in the account's language: its saved preferences follow the user to this
 * device (app/PreferencesProvider.tsx), so the interface may be about to change language.
 */
export async function welcome(queryClient: QueryClient): Promise<void> {
  const saved = await queryClient.fetchQuery(accountPreferencesQuery).catch(() => null);
  if (saved?.updatedAt) await switchLanguage(saved.preferences.language).catch(() => undefined);
  toast.success(i18next.t("messages:MESSAGES.loginSuccessTitle"), {
    description: i18next.t("messages:MESSAGES.loginSuccessBody"),
  });
}
