import type { Attempt } from "@lms/contract";
import { ArrowLeft, RotateCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { messageOf } from "@/api/errors";
import { useAttempt, useLearnerAssessment } from "@/api/learner-assessments";
import { ErrorState } from "@/components/ErrorState";
import { PageLoader } from "@/components/PageLoader";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/datetime";
import { AssessmentLoadError } from "./AccessStates";
import { AttemptResult } from "./AttemptResult";
import { AttemptRunner } from "./AttemptRunner";
import { StaffPreview } from "./StaffPreview";

function LatestResult({ attemptId }: { attemptId: string }) {
  const attempt = useAttempt(attemptId);
  const { t } = useTranslation("take-assessment");
  if (attempt.isPending) return <PageLoader label={t("page.loadingResult")} />;
  if (attempt.isError) {
    return (
      <ErrorState
        title={t("page.resultFailed")}
        description={messageOf(attempt.error, t("tryAgain"))}
        onRetry={() => void attempt.refetch()}
      />
    );
  }
  return <AttemptResult attempt={attempt.data} />;
}

/**
 * /courses/{courseId}/assessments/{assessmentId}: take an assessment, or see the result of the last
 * attempt (issue 10); the course's managers get a read-only preview instead (issue 21).
 */
export function TakeAssessmentPage() {
  const { courseId = "", assessmentId = "" } = useParams();
  const view = useLearnerAssessment(assessmentId);
  const [finished, setFinished] = useState<Attempt | null>(null);
  const [retaking, setRetaking] = useState(false);
  const { t } = useTranslation("take-assessment");

  if (view.isPending) return <PageLoader label={t("page.loading")} />;
  if (view.isError) {
    return <AssessmentLoadError error={view.error} courseId={courseId} onRetry={() => void view.refetch()} />;
  }
  const { assessment, attempts } = view.data;
  const latest = attempts.reduce<(typeof attempts)[number] | null>(
    (last, attempt) => (last === null || attempt.number > last.number ? attempt : last),
    null,
  );
  const open = !finished && (retaking || assessment.state === "not_started" || assessment.state === "in_progress");
  const canRetake = assessment.attemptsLeft === null || assessment.attemptsLeft > 0;

  const onFinished = (attempt: Attempt | null) => {
    setRetaking(false);
    setFinished(attempt);
    if (!attempt) void view.refetch();
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={assessment.title} />
      <header className="grid gap-2">
        <Link
          to={`/courses/${courseId}`}
          className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("backToCourse")}
        </Link>
        <h1 className="font-bold text-2xl tracking-tight break-words">{assessment.title}</h1>
        <p className="text-sm text-muted-foreground">
          {t(`types.${assessment.type}`)} ·{" "}
          {assessment.questionPoolSize === null
            ? t("points", { count: assessment.totalPoints })
            : // Each attempt is out of the points of the questions it draws.
              t("page.pool", { drawn: assessment.questionPoolSize, count: assessment.questionCount })}
          {assessment.dueDate && ` · ${t("page.due", { date: formatDateTime(assessment.dueDate) })}`}
          {assessment.timeLimitMinutes !== null &&
            ` · ${t("page.timeLimit", { minutes: assessment.timeLimitMinutes })}`}
        </p>
        {assessment.description && <p className="whitespace-pre-wrap break-words">{assessment.description}</p>}
      </header>
      {view.data.canManage ? (
        <StaffPreview assessment={assessment} questions={view.data.questions ?? []} />
      ) : open ? (
        <AttemptRunner assessmentId={assessment._id} onFinished={onFinished} />
      ) : (
        <>
          {finished ? <AttemptResult attempt={finished} /> : latest && <LatestResult attemptId={latest._id} />}
          {canRetake && (
            <Button
              className="justify-self-start"
              onClick={() => {
                setFinished(null);
                setRetaking(true);
              }}
            >
              <RotateCw aria-hidden="true" />
              {t("page.retake")}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
