import { BookOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useManagedCourses } from "@/api/managed-courses";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatPercent } from "@/lib/format";

/** The first five courses with their enrollments and their learners' average progress (spec §2). */
export function CoursePerformance() {
  const query = useManagedCourses("/admin", { page: 1, limit: 5 });
  const { t } = useTranslation("dashboard");
  return (
    <section aria-labelledby="course-performance-title">
      <Card>
        <CardHeader>
          <CardTitle id="course-performance-title" className="text-lg">
            {t("performance.title")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <div role="status" aria-label={t("performance.loading")} className="grid gap-3">
              {Array.from({ length: 5 }, (_, i) => i).map((slot) => (
                <Skeleton key={slot} className="h-10 w-full" />
              ))}
            </div>
          ) : query.isError ? (
            <ErrorState title={t("performance.loadFailed")} onRetry={() => query.refetch()} />
          ) : query.data.courses.length === 0 ? (
            <EmptyState icon={BookOpen} title={t("performance.empty")} />
          ) : (
            <ul className="grid gap-4">
              {query.data.courses.map((course) => (
                <li key={course._id} data-testid="course-performance" className="grid gap-1.5">
                  <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                    <span className="min-w-0 break-words font-medium">{course.title}</span>
                    <span className="text-muted-foreground tabular-nums">
                      {t("performance.summary", {
                        count: course.stats.enrollments,
                        formatted: formatCount(course.stats.enrollments),
                        progress: formatPercent(course.stats.averageProgress),
                      })}
                    </span>
                  </div>
                  <Progress
                    value={course.stats.averageProgress}
                    label={t("performance.progressOf", { title: course.title })}
                  />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
