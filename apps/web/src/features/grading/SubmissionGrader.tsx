import type { Attempt } from "@lms/contract";
import type { TFunction } from "i18next";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { useGradeSubmission } from "@/api/grading";
import { QuestionImage } from "@/components/assessment/QuestionImage";
import { RichText } from "@/components/assessment/RichText";
import { controlProps, FormField } from "@/components/FormField";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { describeAnswer } from "@/lib/answer-text";
import { localizedResolver } from "@/lib/localized-resolver";
import { toast } from "@/lib/toast";
import { AnswerFilePreview } from "./AnswerFilePreview";
import {
  type GradeFormValues,
  gradedByHand,
  gradeFormSchema,
  gradesToSend,
  initialGrades,
  POINTS_REQUIRED,
} from "./grade-form";

interface SubmissionGraderProps {
  courseId: string;
  assessmentId: string;
  attempt: Attempt;
}

/** The form's validation messages in the interface's language. */
function problem(message: string | undefined, t: TFunction<["grading", "messages"]>): string | undefined {
  if (message === POINTS_REQUIRED) return t("grader.pointsRequired");
  return message;
}

function LearnerAnswer({ question }: { question: Attempt["questions"][number] }) {
  const { t } = useTranslation("grading");
  if (question.type === "file_upload") {
    return question.file ? <AnswerFilePreview file={question.file} /> : <p>{t("grader.noFile")}</p>;
  }
  return <p className="whitespace-pre-wrap break-words">{describeAnswer(question, question.answer)}</p>;
}

/** Every answer of one submission with its points and feedback fields; saving grades it. */
export function SubmissionGrader({ courseId, assessmentId, attempt }: SubmissionGraderProps) {
  const id = useId();
  const initial = useMemo(() => initialGrades(attempt), [attempt]);
  const form = useForm<GradeFormValues>({
    resolver: localizedResolver(gradeFormSchema(attempt.questions)),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const grade = useGradeSubmission(courseId, assessmentId);
  const { t } = useTranslation(["grading", "messages"]);

  const save = form.handleSubmit(async (values) => {
    const input = gradesToSend(attempt, values, initial);
    if (input.grades.length === 0) {
      toast.info(t("grader.nothingToSave"), { description: t("grader.noChange") });
      return;
    }
    // Awaited rather than mutate callbacks: the saved grade remounts this form, which would drop them.
    try {
      const graded = await grade.mutateAsync({ submissionId: attempt._id, input });
      toast.success(t("messages:ASSESSMENT_MESSAGES.graded"), {
        description:
          graded.score === null
            ? t("grader.stillUngraded")
            : t("grader.score", { score: graded.score, max: graded.maxPoints }),
      });
    } catch (error) {
      toast.error(t("grader.notSaved"), { description: messageOf(error, t("tryAgain")) });
    }
  });

  return (
    <form onSubmit={save} noValidate className="grid gap-4" aria-label={t("grader.label")}>
      <ol className="grid gap-4">
        {attempt.questions.map((question, index) => {
          const pointsId = `${id}-points-${index}`;
          const feedbackId = `${id}-feedback-${index}`;
          const pointsError = problem(errors.grades?.[index]?.points?.message, t);
          const feedbackError = problem(errors.grades?.[index]?.feedback?.message, t);
          return (
            <li key={question._id} className="grid gap-3 rounded-xl border bg-card p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-medium">{t("grader.question", { number: index + 1 })}</h3>
                <Badge variant="outline">{t("grader.points", { count: question.points })}</Badge>
                {!gradedByHand(question) && <Badge variant="secondary">{t("grader.automatic")}</Badge>}
              </div>
              <RichText html={question.text} />
              <QuestionImage image={question.image} />
              <div className="grid gap-1 rounded-md bg-muted/50 p-3 text-sm">
                <span className="text-muted-foreground">{t("grader.answer")}</span>
                <LearnerAnswer question={question} />
                {question.correctAnswer !== undefined && (
                  <span className="text-muted-foreground">
                    {t("grader.correctAnswer", { answer: describeAnswer(question, question.correctAnswer) })}
                  </span>
                )}
              </div>
              <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
                <FormField id={pointsId} label={t("grader.pointsLabel", { max: question.points })} error={pointsError}>
                  <Input
                    {...controlProps(pointsId, pointsError, grade.isPending)}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={question.points}
                    step="any"
                    {...form.register(`grades.${index}.points`)}
                  />
                </FormField>
                <FormField id={feedbackId} label={t("grader.feedback")} error={feedbackError}>
                  <Textarea
                    {...controlProps(feedbackId, feedbackError, grade.isPending)}
                    rows={3}
                    {...form.register(`grades.${index}.feedback`)}
                  />
                </FormField>
              </div>
            </li>
          );
        })}
      </ol>
      <Button type="submit" className="justify-self-start" disabled={grade.isPending}>
        {grade.isPending && <Spinner />}
        {t("grader.save")}
      </Button>
    </form>
  );
}
