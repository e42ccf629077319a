import type { AnswerValue, Attempt } from "@lms/contract";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageOf } from "@/api/errors";
import { useSubmitAttempt } from "@/api/learner-assessments";
import { QuestionField } from "@/components/assessment/QuestionField";
import { QuestionImage } from "@/components/assessment/QuestionImage";
import { RichText } from "@/components/assessment/RichText";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { isAnswered } from "./answers";
import { Countdown } from "./Countdown";
import { FileAnswer } from "./FileAnswer";
import { QuestionNavigator } from "./QuestionNavigator";
import { type SaveStatus, useAutosave } from "./useAutosave";

const STATUS_KEYS = {
  saving: "form.saving",
  saved: "form.saved",
  error: "form.notSaved",
} as const satisfies Record<Exclude<SaveStatus, "idle">, string>;

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
  const { t } = useTranslation(["take-assessment", "messages"]);

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
        toast.success(t("messages:ASSESSMENT_MESSAGES.submitted"));
        onFinished(done);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(messageOf(error, t("form.submitFailed")));
      },
    });
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <QuestionNavigator answered={answered} current={index} onSelect={go} />
        <div className="flex items-center gap-3">
          <output aria-live="polite" className="text-sm text-muted-foreground" data-testid="save-status">
            {autosave.status === "idle" ? "" : t(STATUS_KEYS[autosave.status])}
          </output>
          {attempt.deadlineAt && <Countdown deadline={attempt.deadlineAt} onExpire={() => void finish()} />}
        </div>
      </div>
      <section aria-labelledby="question-heading" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 id="question-heading" ref={heading} tabIndex={-1} className="font-semibold text-lg outline-none">
            {t("form.questionOf", { number: index + 1, total: attempt.questions.length })}
          </h2>
          <p className="text-sm text-muted-foreground">{t("points", { count: question.points })}</p>
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
            {t("form.previous")}
          </Button>
          <Button variant="outline" disabled={index === attempt.questions.length - 1} onClick={() => go(index + 1)}>
            {t("form.next")}
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <Button onClick={() => setConfirming(true)}>{t("form.submit")}</Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("form.confirmTitle")}
        description={t("form.confirmDescription", { answered: count, count: attempt.questions.length })}
        confirmLabel={t("form.confirm")}
        busy={submit.isPending}
        onConfirm={() => void finish()}
      />
    </div>
  );
}
