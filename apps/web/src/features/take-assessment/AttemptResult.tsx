import type { Attempt } from "@lms/contract";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { QuestionImage } from "@/components/assessment/QuestionImage";
import { RichText } from "@/components/assessment/RichText";
import { Badge } from "@/components/ui/badge";
import { describeAnswer } from "@/lib/answer-text";
import { formatDateTime } from "@/lib/datetime";
import type { AttemptQuestion } from "./answers";
import { resultHeadline } from "./result-headline";

function QuestionResult({ question, index }: { question: AttemptQuestion; index: number }) {
  const awarded = question.pointsAwarded;
  const { t } = useTranslation("take-assessment");
  const full = awarded !== null && awarded >= question.points;
  const Icon = awarded === null ? Clock : full ? CheckCircle2 : XCircle;
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">{t("result.question", { number: index + 1 })}</h3>
        <span className="inline-flex items-center gap-1.5 text-sm">
          <Icon
            aria-hidden="true"
            className={
              awarded === null
                ? "size-4 text-muted-foreground"
                : full
                  ? "size-4 text-success"
                  : "size-4 text-destructive"
            }
          />
          {awarded === null ? t("result.waiting") : t("result.pointsOf", { awarded, count: question.points })}
        </span>
      </div>
      <RichText html={question.text} />
      <QuestionImage image={question.image} />
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="text-muted-foreground">{t("result.yourAnswer")}</dt>
        <dd className="break-words">
          {question.type !== "file_upload" ? (
            describeAnswer(question, question.answer)
          ) : question.file ? (
            <a href={question.file.url} target="_blank" rel="noreferrer" className="underline underline-offset-4">
              {question.file.name}
            </a>
          ) : (
            t("result.noFile")
          )}
        </dd>
        {question.correctAnswer !== undefined && (
          <>
            <dt className="text-muted-foreground">{t("result.correctAnswer")}</dt>
            <dd className="break-words">{describeAnswer(question, question.correctAnswer)}</dd>
          </>
        )}
        {question.feedback && (
          <>
            <dt className="text-muted-foreground">{t("result.feedback")}</dt>
            <dd className="whitespace-pre-wrap break-words">{question.feedback}</dd>
          </>
        )}
        {question.questionFeedback && (
          <>
            <dt className="text-muted-foreground">{t("result.questionFeedback")}</dt>
            <dd data-testid="question-feedback">
              <RichText html={question.questionFeedback} />
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}

function Headline({ attempt }: { attempt: Attempt }) {
  const { t } = useTranslation("take-assessment");
  const headline = resultHeadline(attempt);
  return (
    <>
      <p className="font-bold text-3xl tabular-nums" data-testid="attempt-score">
        {headline.kind === "score"
          ? `${headline.score} / ${headline.maxPoints}`
          : headline.kind === "partial"
            ? t("result.soFar", { awarded: headline.soFar, count: headline.maxPoints })
            : t("result.waiting")}
      </p>
      {headline.kind !== "score" && headline.pending !== null && headline.pending > 0 && (
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {t("result.pending", { count: headline.pending })}
        </p>
      )}
    </>
  );
}

/** A finished attempt: the score out of its points (or the points so far and those waiting for a hand grade), and per question the answer, points and, when released, the key. */
export function AttemptResult({ attempt }: { attempt: Attempt }) {
  const { t } = useTranslation("take-assessment");
  return (
    <section aria-labelledby="result-heading" className="grid gap-4">
      <div className="grid gap-2 rounded-xl border bg-card p-4 sm:p-6">
        <h2 id="result-heading" className="font-semibold text-lg">
          {t("result.title", { number: attempt.number })}
        </h2>
        <Headline attempt={attempt} />
        <div className="flex flex-wrap gap-2 text-sm text-muted-foreground">
          {attempt.submittedAt && <span>{t("result.submitted", { date: formatDateTime(attempt.submittedAt) })}</span>}
          {attempt.late && <Badge variant="secondary">{t("result.late")}</Badge>}
          {attempt.penalty > 0 && <span>{t("result.penalty", { count: attempt.penalty })}</span>}
        </div>
      </div>
      <ol aria-label={t("result.answers")} className="grid gap-3">
        {attempt.questions.map((question, index) => (
          <QuestionResult key={question._id} question={question} index={index} />
        ))}
      </ol>
    </section>
  );
}
