import { useTranslation } from "react-i18next";
import { PageMeta, usePageTitle } from "@/components/PageMeta";
import { useSiteName } from "@/components/site-name";
import { Catalogue } from "./Catalogue";
import { useCourseFilters } from "./useCourseFilters";

/** /courses for a signed-out visitor: the published catalogue, to see what is on offer before signing up. */
export function VisitorCoursesPage() {
  const { t } = useTranslation("courses");
  const filters = useCourseFilters();
  const title = usePageTitle(t("catalogue.title"));
  const siteName = useSiteName();
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-8 sm:px-6">
      <PageMeta title={title} description={t("visitor.metaDescription", { siteName })} />
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{t("visitor.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("visitor.subtitle")}</p>
      </header>
      <Catalogue filters={filters} />
    </div>
  );
}
