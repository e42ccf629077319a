import { PageMeta } from "@/components/PageMeta";
import { useSiteName } from "@/components/site-name";
import { AboutSection } from "./AboutSection";
import { FeatureGrid } from "./FeatureGrid";
import { Footer } from "./Footer";
import { Hero } from "./Hero";
import { PopularCourses } from "./PopularCourses";
import { useScrollToHash } from "./useScrollToHash";

export function HomePage() {
  useScrollToHash();
  const siteName = useSiteName();
  return (
    <>
      <PageMeta
        title={`${siteName}: learn without limits`}
        description="Online courses with live sessions: video lessons, live classes and expert instructors in one place. Learn at your own pace, from anywhere."
      />
      <Hero />
      <FeatureGrid />
      <PopularCourses />
      <AboutSection />
      <Footer />
    </>
  );
}
