import { COURSE_STATES, type CourseState } from "@lms/contract";
import { BookPlus, LayoutGrid, SearchX, Table2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useManagedCourses } from "@/api/managed-courses";
import type { CourseArea } from "@/auth/roles";
import { CornerBadge } from "@/components/CornerBadge";
import { CourseCard } from "@/components/CourseCard";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Pagination } from "@/components/Pagination";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { BulkPublishBar } from "./BulkPublishBar";
import { CourseFiltersBar } from "./CourseFiltersBar";
import { CourseGrid, CourseGridSkeleton } from "./CourseGrid";
import { CoursesTable } from "./CoursesTable";
import type { CourseFilters } from "./useCourseFilters";
import { type ManagedView, useManagedListParams } from "./useManagedListParams";

const PAGE_SIZE = 12;

const EMPTY = { "/admin": "managed.emptyAdmin", "/instructor": "managed.emptyInstructor" } as const;

/**
 * Admins: every course, as a table (state filter, sorting, bulk publishing) or as cards;
 * instructors: the courses they teach, as cards.
 */
export function ManagedCourses({ area, filters }: { area: CourseArea; filters: CourseFilters }) {
  const { t } = useTranslation("courses");
  const list = useManagedListParams();
  const admin = area === "/admin";
  const view: ManagedView = admin ? list.view : "grid";
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const courses = useManagedCourses(area, {
    page: filters.page,
    limit: PAGE_SIZE,
    search: filters.search || undefined,
    category: filters.category || undefined,
    status: admin ? list.state : undefined,
    sort: admin ? list.sort : undefined,
    order: admin ? list.order : undefined,
  });
  const filtered = Boolean(filters.search || filters.category || (admin && list.state));
  const data = courses.data;
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const titleOf = (id: string) => data?.courses.find((course) => course._id === id)?.title ?? id;

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
        <div className="flex-1">
          <CourseFiltersBar filters={filters} label={t("managed.filterLabel")} />
        </div>
        {admin && (
          <div className="flex flex-wrap items-center gap-2">
            <NativeSelect
              aria-label={t("list.stateFilter")}
              value={list.state ?? ""}
              onChange={(event) => list.setState((event.target.value || undefined) as CourseState | undefined)}
              className="flex-1 sm:w-48 sm:flex-none"
            >
              <option value="">{t("list.allStates")}</option>
              {COURSE_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`states.${state}`)}
                </option>
              ))}
            </NativeSelect>
            <fieldset className="flex gap-1" aria-label={t("view.label")}>
              <Button
                variant={view === "table" ? "secondary" : "ghost"}
                size="icon"
                aria-label={t("view.table")}
                aria-pressed={view === "table"}
                onClick={() => list.setView("table")}
              >
                <Table2 aria-hidden="true" />
              </Button>
              <Button
                variant={view === "grid" ? "secondary" : "ghost"}
                size="icon"
                aria-label={t("view.grid")}
                aria-pressed={view === "grid"}
                onClick={() => list.setView("grid")}
              >
                <LayoutGrid aria-hidden="true" />
              </Button>
            </fieldset>
          </div>
        )}
      </div>
      {admin && view === "table" && selected.size > 0 && (
        <BulkPublishBar ids={[...selected]} titleOf={titleOf} onDone={() => setSelected(new Set())} />
      )}
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
          {view === "table" ? (
            <CoursesTable
              courses={data.courses}
              sort={list.sort ?? "created"}
              order={list.order ?? (list.sort === "title" ? "asc" : "desc")}
              onSort={list.setSort}
              selected={selected}
              onSelect={select}
              stale={courses.isPlaceholderData}
            />
          ) : (
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
          )}
          <Pagination page={data.pagination.page} pages={data.pagination.pages} onPage={filters.setPage} />
        </>
      )}
    </div>
  );
}
