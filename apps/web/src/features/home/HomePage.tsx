import { useTranslation } from "react-i18next";
import { PageMeta } from "@/components/PageMeta";
import { useSiteName } from "@/components/site-name";
import { AboutSection } from "./AboutSection";
import { FeatureGrid } from "./FeatureGrid";
import { Footer } from "./Footer";
import { Hero } from "./Hero";
import { PopularCourses } from "./PopularCourses";
import { useScrollToHash } from "./useScrollToHash";

/** The page's title and description: its own component, so the site's name arriving re-renders only this. */
function HomeMeta() {
  const { t } = useTranslation("home");
  const siteName = useSiteName();
  return <PageMeta title={t("page.title", { site: siteName })} description={t("page.description")} />;
}

export function HomePage() {
  useScrollToHash();
  return (
    <>
      <HomeMeta />
      <Hero />
      <FeatureGrid />
      <PopularCourses />
      <AboutSection />
      <Footer />
    </>
  );
}
