import { useTranslation } from "react-i18next";
import { PageTitle } from "@/components/PageMeta";
import { BackgroundJobsCard } from "./BackgroundJobsCard";
import { OrphanedFilesCard } from "./OrphanedFilesCard";
import { SystemSettingsCard } from "./SystemSettingsCard";

/** /admin/settings: the site's configuration and upkeep, apart from the admin's personal settings. */
export function SystemSettingsPage() {
  const { t } = useTranslation("settings");
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("systemPage.title")} />
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("systemPage.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("systemPage.subtitle")}</p>
      </header>
      <SystemSettingsCard />
      <BackgroundJobsCard />
      <OrphanedFilesCard />
    </div>
  );
}
