import { zodResolver } from "@hookform/resolvers/zod";
import { ASSESSMENT_MESSAGES, type Attempt } from "@lms/contract";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
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
import { AnswerFilePreview } from "./AnswerFilePreview";
import { type GradeFormValues, gradedByHand, gradeFormSchema, gradesToSend, initialGrades } from "./grade-form";

interface SubmissionGraderProps {
  courseId: string;
  assessmentId: string;
  attempt: Attempt;
}

function LearnerAnswer({ question }: { question: Attempt["questions"][number] }) {
  if (question.type === "file_upload") {
    return question.file ? <AnswerFilePreview file={question.file} /> : <p>No file uploaded</p>;
  }
  return <p className="whitespace-pre-wrap break-words">{describeAnswer(question, question.answer)}</p>;
}

/** Every answer of one submission with its points and feedback fields; saving grades it. */
export function SubmissionGrader({ courseId, assessmentId, attempt }: SubmissionGraderProps) {
  const id = useId();
  const initial = useMemo(() => initialGrades(attempt), [attempt]);
  const form = useForm<GradeFormValues>({
    resolver: zodResolver(gradeFormSchema(attempt.questions)),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const grade = useGradeSubmission(courseId, assessmentId);

  const save = form.handleSubmit(async (values) => {
    const input = gradesToSend(attempt, values, initial);
    if (input.grades.length === 0) {
      toast.info("Nothing to save", { description: "No grade was changed." });
      return;
    }
    // Awaited rather than mutate callbacks: the saved grade remounts this form, which would drop them.
    try {
      const graded = await grade.mutateAsync({ submissionId: attempt._id, input });
      toast.success(ASSESSMENT_MESSAGES.graded, {
        description:
          graded.score === null ? "Some questions still need a grade." : `Score: ${graded.score} / ${graded.maxPoints}`,
      });
    } catch (error) {
      toast.error("Grades not saved", { description: messageOf(error, "Please try again.") });
    }
  });

  return (
    <form onSubmit={save} noValidate className="grid gap-4" aria-label="Grade this submission">
      <ol className="grid gap-4">
        {attempt.questions.map((question, index) => {
          const pointsId = `${id}-points-${index}`;
          const feedbackId = `${id}-feedback-${index}`;
          const pointsError = errors.grades?.[index]?.points?.message;
          const feedbackError = errors.grades?.[index]?.feedback?.message;
          return (
            <li key={question._id} className="grid gap-3 rounded-xl border bg-card p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-medium">Question {index + 1}</h3>
                <Badge variant="outline">
                  {question.points} {question.points === 1 ? "point" : "points"}
                </Badge>
                {!gradedByHand(question) && <Badge variant="secondary">Scored automatically</Badge>}
              </div>
              <RichText html={question.text} />
              <QuestionImage image={question.image} />
              <div className="grid gap-1 rounded-md bg-muted/50 p-3 text-sm">
                <span className="text-muted-foreground">Answer</span>
                <LearnerAnswer question={question} />
                {question.correctAnswer !== undefined && (
                  <span className="text-muted-foreground">
                    Correct answer: {describeAnswer(question, question.correctAnswer)}
                  </span>
                )}
              </div>
              <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
                <FormField id={pointsId} label={`Points (0 to ${question.points})`} error={pointsError}>
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
                <FormField id={feedbackId} label="Feedback" error={feedbackError}>
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
        Save grades
      </Button>
    </form>
  );
}
