import { LIMITS } from "@lms/contract";
import { BookOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useEnrolledCourses } from "@/api/enrollments";
import { CourseCard } from "@/components/CourseCard";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Catalogue } from "./Catalogue";
import { CourseGrid, CourseGridSkeleton } from "./CourseGrid";
import type { CourseFilters } from "./useCourseFilters";

/** The learner's enrolled courses with their progress, then the catalogue to enroll from. */
export function LearnerCourses({ filters }: { filters: CourseFilters }) {
  const { t } = useTranslation("courses");
  const enrolled = useEnrolledCourses({ limit: LIMITS.pageSizeMax });
  const enrolledIds = new Set(enrolled.data?.courses.map((c) => c._id));

  return (
    <div className="grid gap-12">
      <section aria-label={t("learner.yourCourses")} className="grid gap-4">
        {enrolled.isError ? (
          <ErrorState
            title={t("learner.loadFailed")}
            description={t("checkConnection")}
            onRetry={() => void enrolled.refetch()}
          />
        ) : !enrolled.data ? (
          <CourseGridSkeleton />
        ) : enrolled.data.courses.length === 0 ? (
          <EmptyState icon={BookOpen} title={t("learner.empty")} description={t("learner.emptyHint")} />
        ) : (
          <CourseGrid label={t("learner.yourCourses")}>
            {enrolled.data.courses.map((course) => (
              <li key={course._id} className="grid">
                <CourseCard course={course} progress={course.progress.percentage} />
              </li>
            ))}
          </CourseGrid>
        )}
      </section>
      <Catalogue filters={filters} enrolledIds={enrolledIds} />
    </div>
  );
}
