import { BookPlus, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useManagedCourses } from "@/api/managed-courses";
import type { CourseArea } from "@/auth/roles";
import { CornerBadge } from "@/components/CornerBadge";
import { CourseCard } from "@/components/CourseCard";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { CourseFiltersBar } from "./CourseFiltersBar";
import { CourseGrid, CourseGridSkeleton } from "./CourseGrid";
import type { CourseFilters } from "./useCourseFilters";

const PAGE_SIZE = 12;

const EMPTY = { "/admin": "managed.emptyAdmin", "/instructor": "managed.emptyInstructor" } as const;

/** Admins: every course; instructors: the courses they teach; with enrollments, rating and learners' average progress. */
export function ManagedCourses({ area, filters }: { area: CourseArea; filters: CourseFilters }) {
  const { t } = useTranslation("courses");
  const courses = useManagedCourses(area, {
    page: filters.page,
    limit: PAGE_SIZE,
    search: filters.search || undefined,
    category: filters.category || undefined,
  });
  const filtered = Boolean(filters.search || filters.category);
  const data = courses.data;

  return (
    <div className="grid gap-6">
      <CourseFiltersBar filters={filters} label={t("managed.filterLabel")} />
      {courses.isError && !data ? (
        <ErrorState
          title={t("managed.loadFailed")}
          description={t("checkConnection")}
          onRetry={() => void courses.refetch()}
        />
      ) : !data ? (
        <CourseGridSkeleton />
      ) : data.courses.length === 0 ? (
        filtered ? (
          <EmptyState icon={SearchX} title={t("managed.noMatch")} description={t("tryAnother")} />
        ) : (
          <EmptyState icon={BookPlus} title={t(`${EMPTY[area]}.title`)} description={t(`${EMPTY[area]}.description`)} />
        )
      ) : (
        <>
          <CourseGrid label={t("managed.listLabel")} stale={courses.isPlaceholderData}>
            {data.courses.map((course) => (
              <li key={course._id} className="grid">
                <CourseCard
                  course={course}
                  averageProgress={course.stats.averageProgress}
                  corner={
                    <CornerBadge variant={course.published ? "success" : "secondary"}>
                      {course.published ? t("managed.published") : t("managed.draft")}
                    </CornerBadge>
                  }
                />
              </li>
            ))}
          </CourseGrid>
          <Pagination page={data.pagination.page} pages={data.pagination.pages} onPage={filters.setPage} />
        </>
      )}
    </div>
  );
}
