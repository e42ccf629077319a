import { BookPlus, SearchX } from "lucide-react";
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

const EMPTY = {
  "/admin": {
    title: "No courses yet",
    description: "Create the first course and assign an instructor to it.",
  },
  "/instructor": {
    title: "You are not teaching any courses yet",
    description: "Create a course to start adding modules, lessons and materials.",
  },
} as const;

/** Admins: every course; instructors: the courses they teach; with enrollments, rating and learners' average progress. */
export function ManagedCourses({ area, filters }: { area: CourseArea; filters: CourseFilters }) {
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
      <CourseFiltersBar filters={filters} label="Filter courses" />
      {courses.isError && !data ? (
        <ErrorState
          title="We couldn't load the courses"
          description="Please check your connection and try again."
          onRetry={() => void courses.refetch()}
        />
      ) : !data ? (
        <CourseGridSkeleton />
      ) : data.courses.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={SearchX}
            title="No courses match your filters"
            description="Try another search term or category."
          />
        ) : (
          <EmptyState icon={BookPlus} {...EMPTY[area]} />
        )
      ) : (
        <>
          <CourseGrid label="Courses" stale={courses.isPlaceholderData}>
            {data.courses.map((course) => (
              <li key={course._id} className="grid">
                <CourseCard
                  course={course}
                  averageProgress={course.stats.averageProgress}
                  corner={
                    <CornerBadge variant={course.published ? "success" : "secondary"}>
                      {course.published ? "Published" : "Draft"}
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
