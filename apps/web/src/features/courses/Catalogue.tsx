import { SearchX } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useCourses } from "@/api/courses";
import { CornerBadge } from "@/components/CornerBadge";
import { CourseCard } from "@/components/CourseCard";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { formatCount } from "@/lib/format";
import { CourseFiltersBar } from "./CourseFiltersBar";
import { CourseGrid, CourseGridSkeleton } from "./CourseGrid";
import type { CourseFilters } from "./useCourseFilters";

const PAGE_SIZE = 9;

const NONE_ENROLLED = new Set<string>();

interface CatalogueProps {
  filters: CourseFilters;
  /** Courses marked Enrolled on their card. */
  enrolledIds?: Set<string>;
}

/** Published courses one can enroll in, with search and a category filter. */
export function Catalogue({ filters, enrolledIds = NONE_ENROLLED }: CatalogueProps) {
  const { t } = useTranslation("courses");
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const courses = useCourses({
    limit: PAGE_SIZE,
    page: filters.page,
    sort: "popular",
    search: filters.search || undefined,
    category: filters.category || undefined,
  });
  const data = courses.data;

  // A search from the navigation bar lands here: bring the results into view. One typed into the
  // catalogue's own search box is already in view.
  useEffect(() => {
    if (filters.search && !section.current?.contains(document.activeElement)) {
      heading.current?.scrollIntoView({ block: "start" });
    }
  }, [filters.search]);

  return (
    <section ref={section} aria-labelledby="catalogue-title" className="grid gap-6">
      <div className="grid gap-1">
        <h2 id="catalogue-title" ref={heading} className="font-semibold text-2xl tracking-tight">
          {t("catalogue.title")}
        </h2>
        <p className="text-muted-foreground">{t("catalogue.subtitle")}</p>
      </div>
      <CourseFiltersBar filters={filters} label={t("catalogue.searchLabel")} />
      {courses.isError && !data ? (
        <ErrorState
          title={t("catalogue.loadFailed")}
          description={t("checkConnection")}
          onRetry={() => void courses.refetch()}
        />
      ) : !data ? (
        <CourseGridSkeleton />
      ) : data.courses.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={filters.search || filters.category ? t("catalogue.noMatch") : t("catalogue.empty")}
          description={t("tryAnother")}
        />
      ) : (
        <>
          {filters.search && (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {data.pagination.capped
                ? t("catalogue.foundCapped", { count: formatCount(data.pagination.total), search: filters.search })
                : t("catalogue.found", { count: data.pagination.total, search: filters.search })}
            </p>
          )}
          <CourseGrid label={t("catalogue.listLabel")} stale={courses.isPlaceholderData}>
            {data.courses.map((course) => (
              <li key={course._id} className="grid">
                <CourseCard
                  course={course}
                  corner={
                    enrolledIds.has(course._id) && (
                      <CornerBadge variant="success">{t("catalogue.enrolled")}</CornerBadge>
                    )
                  }
                />
              </li>
            ))}
          </CourseGrid>
          <Pagination
            page={data.pagination.page}
            pages={data.pagination.pages}
            onPage={filters.setPage}
            label={t("catalogue.pages")}
          />
        </>
      )}
    </section>
  );
}
