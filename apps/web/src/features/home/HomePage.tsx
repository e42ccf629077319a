import { SITE_NAME } from "@/components/Brand";
import { PageMeta } from "@/components/PageMeta";
import { AboutSection } from "./AboutSection";
import { FeatureGrid } from "./FeatureGrid";
import { Footer } from "./Footer";
import { Hero } from "./Hero";
import { PopularCourses } from "./PopularCourses";
import { useScrollToHash } from "./useScrollToHash";

export function HomePage() {
  useScrollToHash();
  return (
    <>
      <PageMeta
        title={`${SITE_NAME}: learn without limits`}
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
