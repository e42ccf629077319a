import type { EnrolledCourse } from "@lms/contract";
import { ArrowRight, ListChecks } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMyGrades } from "@/api/gradebook";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPercent } from "@/lib/format";
import { coursesToContinue, isComplete } from "./course-status";
import { toDoPath } from "./to-do";

function Step({ to, label, detail }: { to: string; label: string; detail: string }) {
  return (
    <li>
      <Link
        to={to}
        className="group flex items-start gap-2 rounded-md text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span className="grid min-w-0">
          <span className="break-words font-medium group-hover:underline">{label}</span>
          <span className="truncate text-muted-foreground text-xs">{detail}</span>
        </span>
      </Link>
    </li>
  );
}

/** "What to do next": the next to-do, and the course to continue; never a staff "at risk" label. */
export function NextSteps({ courses }: { courses: EnrolledCourse[] | undefined }) {
  const { t } = useTranslation("dashboard");
  const grades = useMyGrades();
  const next = grades.data?.dueNext[0];
  const course = courses && coursesToContinue(courses, 1).find((c) => !isComplete(c));
  const loading = courses === undefined || grades.isPending;
  return (
    <section aria-labelledby="next-steps-title">
      <Card>
        <CardHeader className="pb-3">
          <CardTitle id="next-steps-title" className="flex items-center gap-2 text-base">
            <ListChecks aria-hidden="true" className="size-4 text-primary" />
            {t("nextSteps.title")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {loading ? (
            <Skeleton className="h-12 w-full" />
          ) : !next && !course ? (
            <p className="text-muted-foreground text-sm">{t("nextSteps.caughtUp")}</p>
          ) : (
            <ul className="grid gap-3">
              {next && (
                <Step
                  to={toDoPath(next)}
                  label={
                    next.state === "in_progress"
                      ? t("toDo.resume", { title: next.title })
                      : t("toDo.start", { title: next.title })
                  }
                  detail={next.courseTitle}
                />
              )}
              {course && (
                <Step
                  to={`/courses/${course._id}`}
                  label={t("nextSteps.continue", { title: course.title })}
                  detail={t("continue.progress", { percent: formatPercent(course.progress.percentage) })}
                />
              )}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
