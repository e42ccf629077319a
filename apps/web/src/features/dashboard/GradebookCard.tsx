import type { MyGrades } from "@lms/contract";
import { ClipboardCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMyGrades } from "@/api/gradebook";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPercent } from "@/lib/format";
import { ToDoList } from "./ToDoList";

function CourseGrades({ courses }: { courses: MyGrades["courses"] }) {
  const { t } = useTranslation("dashboard");
  return (
    <ul aria-label={t("gradebook.courseGrades")} className="grid gap-2">
      {courses.map((course) => (
        <li key={course.courseId} className="flex items-baseline justify-between gap-3 text-sm">
          <span className="grid min-w-0">
            <Link to={`/courses/${course.courseId}`} className="truncate font-medium hover:underline">
              {course.courseTitle}
            </Link>
            <span className="text-muted-foreground text-xs">
              {t("gradebook.graded", { graded: course.graded, total: course.assessments })}
              {course.missing > 0 && (
                <span className="text-destructive"> · {t("gradebook.missing", { count: course.missing })}</span>
              )}
            </span>
          </span>
          <span className="shrink-0 font-semibold tabular-nums">
            {course.grade === null ? "—" : formatPercent(course.grade)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function DueNext({ items }: { items: MyGrades["dueNext"] }) {
  const { t } = useTranslation("dashboard");
  return (
    <section aria-labelledby="due-next-title" className="grid gap-2">
      <h3 id="due-next-title" className="font-medium text-muted-foreground text-xs uppercase tracking-wide">
        {t("gradebook.dueNext")}
      </h3>
      {items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("gradebook.nothingDue")}</p>
      ) : (
        <ToDoList toDos={items} />
      )}
    </section>
  );
}

/** The learner dashboard's Gradebook side card: the weighted grade per course and the learner's to-dos (Due next). */
export function GradebookCard() {
  const query = useMyGrades();
  const { t } = useTranslation("dashboard");
  return (
    <section aria-labelledby="gradebook-title">
      <Card>
        <CardHeader className="pb-3">
          <CardTitle id="gradebook-title" className="flex items-center gap-2 text-base">
            <ClipboardCheck aria-hidden="true" className="size-4 text-primary" />
            {t("gradebook.title")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <Skeleton className="h-20 w-full" />
          ) : query.isError ? (
            <div role="alert" className="grid justify-items-start gap-2 text-sm">
              <p className="text-muted-foreground">{t("gradebook.loadFailed")}</p>
              <Button size="sm" variant="outline" onClick={() => query.refetch()}>
                {t("gradebook.tryAgain")}
              </Button>
            </div>
          ) : query.data.courses.length === 0 && query.data.dueNext.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t("gradebook.empty")}</p>
          ) : (
            <div className="grid gap-4">
              {query.data.courses.length > 0 && <CourseGrades courses={query.data.courses} />}
              <DueNext items={query.data.dueNext} />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
