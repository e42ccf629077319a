import type { EnrolledCourse } from "@lms/contract";
import { LIMITS } from "@lms/contract";
import { ArrowRight, BookOpen, PlayCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { formatPercent } from "@/lib/format";
import { cn } from "@/lib/utils";
import { courseIcon } from "./course-icon";
import { coursesToContinue } from "./course-status";

interface ContinueLearningProps {
  courses: EnrolledCourse[] | undefined;
  failed: boolean;
  onRetry: () => void;
}

/** Spec §2: up to 3 enrolled courses with 'Progress: N%' and Resume (Start at 0 %); See all when there are more. */
export function ContinueLearning({ courses, failed, onRetry }: ContinueLearningProps) {
  const { t } = useTranslation("dashboard");
  const more = !failed && courses !== undefined && courses.length > LIMITS.continueLearning;
  return (
    <section aria-labelledby="continue-learning" className="grid gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="continue-learning" className="font-semibold text-xl">
          {t("continue.title")}
        </h2>
        {more && (
          <Button asChild variant="ghost" size="sm">
            <Link to="/courses">
              {t("continue.seeAll")}
              <span className="sr-only"> {t("continue.seeAllCourses")}</span>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </div>
      {failed ? (
        <ErrorState title={t("continue.loadFailed")} onRetry={onRetry} />
      ) : !courses ? (
        <div aria-busy="true" className="grid gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 w-full rounded-xl" />
          ))}
        </div>
      ) : courses.length === 0 ? (
        <EmptyState
          icon={BookOpen}
          title={t("continue.empty")}
          description={t("continue.emptyHint")}
          action={
            <Button asChild>
              <Link to="/courses">{t("continue.browse")}</Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-3">
          {coursesToContinue(courses, LIMITS.continueLearning).map((course) => (
            <li key={course._id}>
              <ContinueCard course={course} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ContinueCard({ course }: { course: EnrolledCourse }) {
  const { icon: Icon, color } = courseIcon(course.category);
  const percent = course.progress.percentage;
  // Nothing done yet: there is nothing to resume.
  const started = percent > 0;
  const { t } = useTranslation("dashboard");
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
        <span className={cn("flex size-12 shrink-0 items-center justify-center rounded-xl", color)}>
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="grid min-w-0 flex-1 gap-2">
          <h3 className="break-words font-semibold">{course.title}</h3>
          <div className="flex items-center gap-3">
            <Progress value={percent} label={t("continue.progressIn", { title: course.title })} className="max-w-64" />
            <span className="shrink-0 text-sm text-muted-foreground">
              {t("continue.progress", { percent: formatPercent(percent) })}
            </span>
          </div>
        </div>
        <Button asChild variant="outline" className="sm:self-center">
          <Link
            to={`/courses/${course._id}`}
            aria-label={t(started ? "continue.resumeCourse" : "continue.startCourse", { title: course.title })}
          >
            <PlayCircle aria-hidden="true" />
            {started ? t("continue.resume") : t("continue.start")}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
