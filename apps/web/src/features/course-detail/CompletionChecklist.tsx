import type { CourseDetail, CourseProgress } from "@lms/contract";
import type { TFunction } from "i18next";
import { CheckCircle2, Circle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatPercent } from "@/lib/format";

interface ChecklistRow {
  key: string;
  title: string;
  detail: string;
  done: boolean;
  to: string;
}

/** Each module with files to finish: done once every file of its published lessons is; links to the first lesson left. */
function lessonRows(course: CourseDetail, t: TFunction<"course-detail">): ChecklistRow[] {
  return course.modules.flatMap((module) => {
    const lessons = module.lessons.filter((lesson) => lesson.isPublished && lesson.files.length > 0);
    const files = lessons.flatMap((lesson) => lesson.files);
    if (files.length === 0) return [];
    const done = files.filter((file) => file.progress?.completed).length;
    const next = lessons.find((lesson) => lesson.files.some((file) => !file.progress?.completed)) ?? lessons[0];
    return [
      {
        key: module._id,
        title: module.title,
        detail: t("completion.filesDone", { done, total: files.length }),
        done: done === files.length,
        to: `/courses/${course._id}/lessons/${next?._id}`,
      },
    ];
  });
}

function assessmentRows(course: CourseDetail, progress: CourseProgress, t: TFunction<"course-detail">): ChecklistRow[] {
  return (progress.assessments ?? []).map((assessment) => ({
    key: assessment._id,
    title: assessment.title,
    detail:
      assessment.passingScore === null
        ? t("completion.graded")
        : t("completion.passMark", { score: formatPercent(assessment.passingScore) }),
    done: assessment.passed,
    to: `/courses/${course._id}/assessments/${assessment._id}`,
  }));
}

/**
 * "To complete this course": what the course's completion rule asks of the learner (its modules'
 * lessons and its required assessments), each ticked once done, with a link to it (issue 21).
 */
export function CompletionChecklist({ course, progress }: { course: CourseDetail; progress: CourseProgress }) {
  const { t } = useTranslation("course-detail");
  const lessons = lessonRows(course, t);
  const assessments = assessmentRows(course, progress, t);
  const completed = course.enrollment?.status === "completed";
  return (
    <Card data-testid="completion-checklist">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">{t("completion.title")}</CardTitle>
        {completed ? (
          <Badge variant="success" data-testid="course-completed">
            {t("completion.completed")}
          </Badge>
        ) : (
          <Badge variant="outline" data-testid="course-not-completed">
            {t("completion.notYet")}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {lessons.length + assessments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("completion.empty")}</p>
        ) : (
          <>
            <ChecklistGroup title={t("completion.lessons")} rows={lessons} doneLabel={t("completion.done")} />
            <ChecklistGroup title={t("completion.assessments")} rows={assessments} doneLabel={t("completion.passed")} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ChecklistGroup({ title, rows, doneLabel }: { title: string; rows: ChecklistRow[]; doneLabel: string }) {
  const { t } = useTranslation("course-detail");
  if (rows.length === 0) return null;
  return (
    <section className="grid gap-2">
      <h3 className="font-medium text-sm text-muted-foreground">{title}</h3>
      <ul className="grid gap-2">
        {rows.map((row) => (
          <li key={row.key} className="flex items-start gap-2 text-sm" data-done={row.done}>
            {row.done ? (
              <CheckCircle2 role="img" aria-label={doneLabel} className="mt-0.5 size-4 shrink-0 text-success" />
            ) : (
              <Circle
                role="img"
                aria-label={t("completion.toDo")}
                className="mt-0.5 size-4 shrink-0 text-muted-foreground"
              />
            )}
            <span className="min-w-0 break-words">
              <Link to={row.to} className="font-medium underline-offset-4 hover:underline focus-visible:underline">
                {row.title}
              </Link>
              <span className="ml-1 text-xs text-muted-foreground">({row.detail})</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
