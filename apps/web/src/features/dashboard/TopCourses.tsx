import { BookOpen, Star } from "lucide-react";
import { useCourses } from "@/api/courses";
import { formatRating, plural } from "@/lib/format";
import { DashboardListCard } from "./DashboardListCard";

/** The five published courses with the most enrollments (the catalogue's popular order). */
export function TopCourses() {
  const query = useCourses({ limit: 5, sort: "popular" });
  return (
    <DashboardListCard
      id="top-courses-title"
      title="Top Courses"
      viewAllTo="/courses"
      query={query}
      items={query.data?.courses}
      placeholders={5}
      loadingLabel="Loading top courses"
      errorTitle="Could not load the top courses"
      empty={{
        icon: BookOpen,
        title: "No published courses yet",
        actionTo: "/admin/reviews",
        actionIcon: BookOpen,
        actionLabel: "Review Courses",
      }}
      itemKey={(course) => course._id}
      renderItem={(course) => (
        <div data-testid="top-course" className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="break-words font-medium">{course.title}</p>
            <p className="break-words text-muted-foreground text-sm">{course.instructor ?? "No instructor"}</p>
          </div>
          <div className="shrink-0 text-right text-sm">
            <p className="tabular-nums">{plural(course.stats.enrollments, "enrollment")}</p>
            <p className="flex items-center justify-end gap-1 text-muted-foreground">
              <Star aria-hidden="true" className="size-3.5" />
              {formatRating(course.stats)}
            </p>
          </div>
        </div>
      )}
    />
  );
}
