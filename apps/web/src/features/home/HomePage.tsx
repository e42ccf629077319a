import { SITE_NAME } from "@/components/Brand";
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
      <title>{`${SITE_NAME}: learn without limits`}</title>
      <Hero />
      <FeatureGrid />
      <PopularCourses />
      <AboutSection />
      <Footer />
    </>
  );
}
