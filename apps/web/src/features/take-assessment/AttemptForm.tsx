import { type AnswerValue, ASSESSMENT_MESSAGES, type Attempt } from "@lms/contract";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { messageOf } from "@/api/errors";
import { useSubmitAttempt } from "@/api/learner-assessments";
import { QuestionField } from "@/components/assessment/QuestionField";
import { QuestionImage } from "@/components/assessment/QuestionImage";
import { RichText } from "@/components/assessment/RichText";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { isAnswered } from "./answers";
import { Countdown } from "./Countdown";
import { FileAnswer } from "./FileAnswer";
import { QuestionNavigator } from "./QuestionNavigator";
import { type SaveStatus, useAutosave } from "./useAutosave";

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: "",
  saving: "Saving…",
  saved: "Saved",
  error: "Not saved",
};

const filesOf = (attempt: Attempt) => Object.fromEntries(attempt.questions.map((q) => [q._id, q.file ?? null]));

interface AttemptFormProps {
  attempt: Attempt;
  /** The attempt has ended (submitted here, or closed by the server). */
  onFinished: (attempt: Attempt | null) => void;
}

/** One question at a time with a navigator, autosave, the countdown and a confirmed submit. */
export function AttemptForm({ attempt, onFinished }: AttemptFormProps) {
  const [answers, setAnswers] = useState(() =>
    Object.fromEntries(attempt.questions.map((q) => [q._id, q.answer] as const)),
  );
  const [files, setFiles] = useState(() => filesOf(attempt));
  const [index, setIndex] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const submit = useSubmitAttempt();
  const autosave = useAutosave(attempt._id, () => onFinished(null));

  const question = attempt.questions[index];
  const answered = attempt.questions.map((q) => isAnswered(answers[q._id]) || Boolean(files[q._id]));
  const count = answered.filter(Boolean).length;

  const change = (value: AnswerValue | null) => {
    setAnswers((current) => ({ ...current, [question._id]: value }));
    autosave.change(question._id, value);
  };
  const go = (next: number) => {
    setIndex(next);
    heading.current?.focus();
  };
  const finish = async () => {
    await autosave.flush();
    submit.mutate(attempt._id, {
      onSuccess: (done) => {
        setConfirming(false);
        toast.success(ASSESSMENT_MESSAGES.submitted);
        onFinished(done);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(messageOf(error, "The assessment could not be submitted"));
      },
    });
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <QuestionNavigator answered={answered} current={index} onSelect={go} />
        <div className="flex items-center gap-3">
          <output aria-live="polite" className="text-sm text-muted-foreground" data-testid="save-status">
            {STATUS_TEXT[autosave.status]}
          </output>
          {attempt.deadlineAt && <Countdown deadline={attempt.deadlineAt} onExpire={() => void finish()} />}
        </div>
      </div>
      <section aria-labelledby="question-heading" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 id="question-heading" ref={heading} tabIndex={-1} className="font-semibold text-lg outline-none">
            Question {index + 1} of {attempt.questions.length}
          </h2>
          <p className="text-sm text-muted-foreground">
            {question.points} {question.points === 1 ? "point" : "points"}
          </p>
        </div>
        <RichText html={question.text} />
        <QuestionImage image={question.image} />
        {question.type === "file_upload" ? (
          <FileAnswer
            key={question._id}
            attemptId={attempt._id}
            questionId={question._id}
            file={files[question._id] ?? null}
            onChange={(updated) => setFiles(filesOf(updated))}
            onClosed={() => onFinished(null)}
          />
        ) : (
          <QuestionField
            key={question._id}
            question={question}
            value={answers[question._id] ?? null}
            onChange={change}
          />
        )}
      </section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex gap-2">
          <Button variant="outline" disabled={index === 0} onClick={() => go(index - 1)}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Button variant="outline" disabled={index === attempt.questions.length - 1} onClick={() => go(index + 1)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <Button onClick={() => setConfirming(true)}>Submit assessment</Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Submit this assessment?"
        description={`You answered ${count} of ${attempt.questions.length} questions. You cannot change your answers after submitting.`}
        confirmLabel="Submit"
        busy={submit.isPending}
        onConfirm={() => void finish()}
      />
    </div>
  );
}
