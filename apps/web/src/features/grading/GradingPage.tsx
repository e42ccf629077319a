import { ArrowLeft, ChevronLeft, ChevronRight, Inbox, SkipForward } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { messageOf } from "@/api/errors";
import { useSubmission, useSubmissions } from "@/api/grading";
import { useLearnerAssessment } from "@/api/learner-assessments";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageLoader } from "@/components/PageLoader";
import { PageTitle } from "@/components/PageMeta";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/datetime";
import { RegradeButton } from "./RegradeButton";
import { SubmissionGrader } from "./SubmissionGrader";
import { SubmissionList } from "./SubmissionList";

function CurrentSubmission({ courseId, assessmentId, submissionId }: Record<string, string>) {
  const submission = useSubmission(submissionId);
  const { t } = useTranslation("grading");
  if (submission.isPending) return <PageLoader label={t("submission.loading")} />;
  if (submission.isError) {
    return (
      <ErrorState
        title={t("submission.loadFailed")}
        description={messageOf(submission.error, t("tryAgain"))}
        onRetry={() => void submission.refetch()}
      />
    );
  }
  const attempt = submission.data;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <Badge variant={attempt.state === "submitted" ? "secondary" : "outline"}>{t(`states.${attempt.state}`)}</Badge>
        {attempt.submittedAt && <span>{t("submission.submitted", { date: formatDateTime(attempt.submittedAt) })}</span>}
        {attempt.late && <Badge variant="outline">{t("late")}</Badge>}
        {attempt.penalty > 0 && <span>{t("submission.penalty", { penalty: attempt.penalty })}</span>}
        <span className="font-medium text-foreground" data-testid="submission-score">
          {attempt.score === null
            ? t("submission.notGraded")
            : t("submission.score", { score: attempt.score, max: attempt.maxPoints })}
        </span>
      </div>
      {/* A new form per submission (and per save), so fields start from the server's grades. */}
      <SubmissionGrader
        key={`${attempt._id}:${attempt.state}:${attempt.rawScore}`}
        courseId={courseId}
        assessmentId={assessmentId}
        attempt={attempt}
      />
    </div>
  );
}

/**
 * /instructor/courses/{courseId}/assessments/{assessmentId}/grade: step through an assessment's
 * submissions (previous, next, next needing a grade), read each answer and grade it by hand.
 */
export function GradingPage() {
  const { courseId = "", assessmentId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const onlyUngraded = params.get("filter") === "ungraded";
  const assessment = useLearnerAssessment(assessmentId);
  const submissions = useSubmissions(courseId, assessmentId, onlyUngraded);
  const { t } = useTranslation("grading");

  if (assessment.isPending || submissions.isPending) return <PageLoader label={t("page.loading")} />;
  if (assessment.isError || submissions.isError) {
    const error = assessment.error ?? submissions.error;
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8">
        <ErrorState
          title={t("page.loadFailed")}
          description={messageOf(error, t("tryAgain"))}
          onRetry={() => {
            void assessment.refetch();
            void submissions.refetch();
          }}
        />
      </div>
    );
  }

  const list = submissions.data.results.filter((s) => s.state !== "in_progress");
  const chosen = params.get("submission");
  const current = chosen ?? list.find((s) => s.state === "submitted")?._id ?? list[0]?._id ?? null;
  const index = list.findIndex((s) => s._id === current);
  const select = (id: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set("submission", id);
      return next;
    });
  const nextUngraded = [...list.slice(index + 1), ...list.slice(0, Math.max(index, 0))].find(
    (s) => s.state === "submitted" && s._id !== current,
  );
  const setFilter = (ungraded: boolean) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (ungraded) next.set("filter", "ungraded");
      else next.delete("filter");
      return next;
    });
  const title = assessment.data.assessment.title;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name={t("page.documentTitle", { title })} />
      <header className="grid gap-2">
        <Link
          to={`/instructor/courses/${courseId}`}
          className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("page.back")}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-bold text-2xl tracking-tight break-words">{t("page.title", { title })}</h1>
          <RegradeButton courseId={courseId} assessmentId={assessmentId} />
        </div>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={onlyUngraded}
            onChange={(event) => setFilter(event.target.checked)}
          />
          {t("page.onlyUngraded")}
        </label>
      </header>
      {list.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={onlyUngraded ? t("page.nothingToGrade") : t("page.empty")}
          description={onlyUngraded ? t("page.nothingToGradeHint") : t("page.emptyHint")}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
          <nav aria-label={t("page.navigation")} className="grid content-start gap-3">
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" disabled={index <= 0} onClick={() => select(list[index - 1]._id)}>
                <ChevronLeft aria-hidden="true" />
                {t("page.previous")}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={index === -1 || index >= list.length - 1}
                onClick={() => select(list[index + 1]._id)}
              >
                {t("page.next")}
                <ChevronRight aria-hidden="true" />
              </Button>
              <Button
                size="sm"
                disabled={!nextUngraded}
                disabledReason={t("unavailable.allGraded")}
                onClick={() => nextUngraded && select(nextUngraded._id)}
              >
                <SkipForward aria-hidden="true" />
                {t("page.nextUngraded")}
              </Button>
            </div>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {index === -1
                ? t("page.count", { count: list.length })
                : t("page.position", { number: index + 1, total: list.length })}
              {submissions.data.pagination.total > list.length && ` ${t("page.newestShown", { count: list.length })}`}
            </p>
            <div className="max-h-72 overflow-y-auto lg:max-h-[70vh]">
              <SubmissionList submissions={list} current={current} onSelect={select} />
            </div>
          </nav>
          <section aria-label={t("submission.label")} className="grid content-start gap-3">
            {current && (
              <>
                <h2 className="font-semibold text-lg break-words">
                  {list[index]?.learner.name ?? t("submission.label")}
                  {list[index] && ` · ${t("submission.attempt", { number: list[index].attempt })}`}
                </h2>
                <CurrentSubmission courseId={courseId} assessmentId={assessmentId} submissionId={current} />
              </>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
