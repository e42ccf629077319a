import { BookOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useManagedCourses } from "@/api/managed-courses";
import { CornerBadge } from "@/components/CornerBadge";
import { CourseCard, CourseCardSkeleton } from "@/components/CourseCard";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";

/** The Courses tab: the twelve newest courses, drafts included, each a link to the course (spec §2, §9). */
export function AdminCoursesTab() {
  const query = useManagedCourses("/admin", { page: 1, limit: 12 });
  const { t } = useTranslation("dashboard");
  if (query.isPending) {
    return (
      <div role="status" aria-label={t("coursesTab.loading")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => i).map((slot) => (
          <CourseCardSkeleton key={slot} />
        ))}
      </div>
    );
  }
  if (query.isError) return <ErrorState title={t("coursesTab.loadFailed")} onRetry={() => query.refetch()} />;
  if (query.data.courses.length === 0) return <EmptyState icon={BookOpen} title={t("coursesTab.empty")} />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {query.data.courses.map((course) => (
        <li key={course._id} data-testid="courses-tab-card" className="grid">
          <CourseCard
            course={course}
            corner={
              <CornerBadge variant={course.published ? "success" : "secondary"}>
                {course.published ? t("coursesTab.published") : t("coursesTab.draft")}
              </CornerBadge>
            }
          />
        </li>
      ))}
    </ul>
  );
}
