import { useTranslation } from "react-i18next";
import { useAuth } from "@/auth/auth-context";
import { isAdmin } from "@/auth/roles";
import { PageTitle } from "@/components/PageMeta";
import { CalendarFeedCard } from "@/features/sessions/CalendarFeedCard";
import { BackgroundJobsCard } from "./BackgroundJobsCard";
import { OrphanedFilesCard } from "./OrphanedFilesCard";
import { PreferencesCard } from "./PreferencesCard";
import { SystemSettingsCard } from "./SystemSettingsCard";
import { ThemeChoice } from "./ThemeChoice";
import { TwoFactorCard } from "./TwoFactorCard";

export function SettingsPage() {
  const { t } = useTranslation("settings");
  const { user } = useAuth();
  const admin = user !== null && isAdmin(user.role);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("page.title")} />
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("page.title")}</h1>
        <p className="mt-1 text-muted-foreground">{admin ? t("page.subtitleAdmin") : t("page.subtitle")}</p>
      </header>
      <ThemeChoice />
      <PreferencesCard />
      <TwoFactorCard />
      <CalendarFeedCard />
      {admin && <SystemSettingsCard />}
      {admin && <BackgroundJobsCard />}
      {admin && <OrphanedFilesCard />}
    </div>
  );
}
