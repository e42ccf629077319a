import { BookOpen } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useManagedCourseOptions } from "@/api/managed-courses";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageLoader } from "@/components/PageLoader";
import { Button } from "@/components/ui/button";

type CourseOptions = NonNullable<ReturnType<typeof useManagedCourseOptions>["data"]>;

/**
 * The courses one manages, for a page that adds something to one of them: loading, error and
 * "no courses yet" states, then `children` with the courses and the preselected id (`wanted` when
 * it is one of them, else "").
 */
export function ManagedCoursesGate({
  wanted,
  emptyDescription,
  children,
}: {
  wanted: string | null;
  emptyDescription: string;
  children: (courses: CourseOptions, initialCourseId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const courses = useManagedCourseOptions();
  if (courses.isPending) return <PageLoader label={t("managedCourses.loading")} />;
  if (courses.isError) {
    return <ErrorState title={t("managedCourses.loadFailed")} onRetry={() => courses.refetch()} />;
  }
  if (courses.data.length === 0) {
    return (
      <EmptyState
        icon={BookOpen}
        title={t("managedCourses.emptyTitle")}
        description={emptyDescription}
        action={
          <Button asChild>
            <Link to="/courses">{t("managedCourses.goToCourses")}</Link>
          </Button>
        }
      />
    );
  }
  const initial = courses.data.some((course) => course._id === wanted) ? (wanted ?? "") : "";
  return children(courses.data, initial);
}
