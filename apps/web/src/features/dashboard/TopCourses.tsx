import { BookOpen, Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useCourses } from "@/api/courses";
import { formatCount, formatRating } from "@/lib/format";
import { DashboardListCard } from "./DashboardListCard";

/** The five published courses with the most enrollments (the catalogue's popular order). */
export function TopCourses() {
  const query = useCourses({ limit: 5, sort: "popular" });
  const { t } = useTranslation("dashboard");
  return (
    <DashboardListCard
      id="top-courses-title"
      title={t("topCourses.title")}
      viewAllTo="/courses"
      query={query}
      items={query.data?.courses}
      placeholders={5}
      loadingLabel={t("topCourses.loading")}
      errorTitle={t("topCourses.loadFailed")}
      empty={{
        icon: BookOpen,
        title: t("topCourses.empty"),
        actionTo: "/admin/reviews",
        actionIcon: BookOpen,
        actionLabel: t("topCourses.review"),
      }}
      itemKey={(course) => course._id}
      renderItem={(course) => (
        <div data-testid="top-course" className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="break-words font-medium">{course.title}</p>
            <p className="break-words text-muted-foreground text-sm">
              {course.instructor ?? t("topCourses.noInstructor")}
            </p>
          </div>
          <div className="shrink-0 text-right text-sm">
            <p className="tabular-nums">
              {t("topCourses.enrollments", {
                count: course.stats.enrollments,
                formatted: formatCount(course.stats.enrollments),
              })}
            </p>
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
