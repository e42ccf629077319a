import { useTranslation } from "react-i18next";
import { PageTitle } from "@/components/PageMeta";
import { CalendarFeedCard } from "@/features/sessions/CalendarFeedCard";
import { PreferencesCard } from "./PreferencesCard";
import { ThemeChoice } from "./ThemeChoice";
import { TwoFactorCard } from "./TwoFactorCard";

/** /settings: the signed-in user's own settings (an admin's system settings have their own page). */
export function SettingsPage() {
  const { t } = useTranslation("settings");
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("page.title")} />
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("page.subtitle")}</p>
      </header>
      <ThemeChoice />
      <PreferencesCard />
      <TwoFactorCard />
      <CalendarFeedCard />
    </div>
  );
}
