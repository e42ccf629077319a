import type { CourseProgress } from "@lms/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { formatPercent } from "@/lib/format";

/** The learner's progress by the course's completion rule: percentage, videos, resources and required assessments (spec §2). */
export function LearnerProgress({ progress, action }: { progress: CourseProgress; action?: ReactNode }) {
  const { t } = useTranslation("course-detail");
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <div className="flex items-baseline justify-between gap-2">
          <h2 className="font-semibold">{t("progress.title")}</h2>
          <span className="font-bold text-2xl" data-testid="course-progress">
            {formatPercent(progress.percentage)}
          </span>
        </div>
        <Progress value={progress.percentage} label={t("progress.label")} />
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt>{t("progress.videos")}</dt>
            <dd className="font-medium text-foreground">
              {t("progress.of", { done: progress.videosCompleted, total: progress.totalVideos })}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{t("progress.resources")}</dt>
            <dd className="font-medium text-foreground">
              {t("progress.of", { done: progress.resourcesViewed, total: progress.totalResources })}
            </dd>
          </div>
          {progress.requiredAssessments > 0 && (
            <div className="flex gap-1">
              <dt>{t("progress.assessments")}</dt>
              <dd className="font-medium text-foreground">
                {t("progress.of", { done: progress.assessmentsPassed, total: progress.requiredAssessments })}
              </dd>
            </div>
          )}
        </dl>
        {action}
      </CardContent>
    </Card>
  );
}
