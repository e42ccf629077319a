import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorState } from "@/components/ErrorState";
import { StateScreen } from "@/components/StateScreen";
import { Button } from "@/components/ui/button";

/** The way back to the catalogue from a course that cannot be shown. */
export function BackToCourses() {
  const { t } = useTranslation();
  return (
    <Button asChild>
      <Link to="/courses">{t("course.backToCourses")}</Link>
    </Button>
  );
}

/** The course does not exist (404), or its id is malformed (400). */
export function CourseNotFound() {
  const { t } = useTranslation();
  return (
    <StateScreen
      icon={SearchX}
      title={t("courseUi.courseNotFoundTitle")}
      description={t("courseUi.courseNotFoundBody")}
    >
      <BackToCourses />
    </StateScreen>
  );
}

/** Loading the course failed for another reason; Try Again loads it again. */
export const CourseLoadError = ({ title, onRetry }: { title: string; onRetry: () => void }) => (
  <div className="mx-auto w-full max-w-lg px-4 py-16">
    <ErrorState title={title} onRetry={onRetry} />
  </div>
);
