import type { AnalyticsInterval } from "@lms/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCourseAnalytics } from "@/api/course-analytics";
import { ErrorState } from "@/components/ErrorState";
import { Skeleton } from "@/components/ui/skeleton";
import { AnalyticsCharts } from "./AnalyticsCharts";
import { KeyFigures } from "./KeyFigures";
import { StudentsProgress } from "./StudentsProgress";

/** A course's Analytics tab for its managers: key figures, charts and the students' progress list. */
export function CourseAnalyticsTab({ courseId, courseCode }: { courseId: string; courseCode: string }) {
  const [interval, chooseInterval] = useState<AnalyticsInterval>("day");
  const query = useCourseAnalytics(courseId, interval);
  const { t } = useTranslation("course-analytics");
  return (
    <div className="grid gap-8">
      {query.isPending ? (
        <div className="grid gap-4">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorState title={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : (
        <>
          <KeyFigures analytics={query.data} />
          <AnalyticsCharts analytics={query.data} interval={interval} onInterval={chooseInterval} />
        </>
      )}
      <StudentsProgress courseId={courseId} courseCode={courseCode} />
    </div>
  );
}
