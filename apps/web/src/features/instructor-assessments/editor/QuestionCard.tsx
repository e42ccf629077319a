import { QUESTION_TYPES, type QuestionType } from "@lms/contract";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { controlProps, errorId, FormField } from "@/components/FormField";
import { RichTextEditor } from "@/components/RichTextEditor";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { AnswerKeyFields } from "./AnswerKeyFields";
import {
  type EditorImages,
  type EditorOutput,
  type EditorValues,
  emptyQuestion,
  imageOf,
  isChoice,
} from "./editor-form";
import { errorAt } from "./form-errors";
import { QuestionImageField } from "./QuestionImageField";

interface QuestionCardProps {
  form: UseFormReturn<EditorValues, unknown, EditorOutput>;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
  assessmentId?: string;
  images: EditorImages;
}

export const questionHeadingId = (index: number) => `question-${index}-heading`;
export const moveButtonId = (index: number, direction: "up" | "down") => `question-${index}-${direction}`;

/** One question: type, points, rich text, its answer key, and buttons to move or remove it. */
export function QuestionCard({
  form,
  index,
  count,
  disabled,
  onMove,
  onRemove,
  assessmentId,
  images,
}: QuestionCardProps) {
  const errors = form.formState.errors;
  const base = `questions.${index}` as const;
  const n = index + 1;
  const typeId = `q${index}-type`;
  const pointsId = `q${index}-points`;
  const textLabelId = `q${index}-text-label`;
  const textError = errorAt(errors, `${base}.text`);
  const feedbackLabelId = `q${index}-feedback-label`;
  const feedbackHintId = `q${index}-feedback-hint`;
  const feedbackError = errorAt(errors, `${base}.feedback`);
  const pointsError = errorAt(errors, `${base}.points`);
  const idError = errorAt(errors, `${base}._id`);
  const storedId = form.watch(`${base}._id`);
  const { t } = useTranslation("instructor-assessments");

  const changeType = (type: QuestionType) => {
    form.setValue(`${base}.type`, type, { shouldDirty: true });
    if (isChoice(type) && form.getValues(`${base}.options`).length < 2) {
      form.setValue(`${base}.options`, emptyQuestion(type).options, { shouldDirty: true });
    }
  };

  return (
    <section aria-labelledby={questionHeadingId(index)} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={questionHeadingId(index)} tabIndex={-1} className="font-semibold outline-none">
          {t("question.heading", { number: n })}
        </h3>
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            id={moveButtonId(index, "up")}
            aria-label={t("question.moveUp", { number: n })}
            disabled={disabled || index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            id={moveButtonId(index, "down")}
            aria-label={t("question.moveDown", { number: n })}
            disabled={disabled || index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t("question.remove", { number: n })}
            disabled={disabled}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <FormField id={typeId} label={t("question.type")}>
          <NativeSelect
            id={typeId}
            disabled={disabled}
            value={form.watch(`${base}.type`)}
            onChange={(event) => changeType(event.target.value as QuestionType)}
          >
            {QUESTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`questionTypes.${type}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={pointsId} label={t("question.points")} error={pointsError}>
          <Input
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            {...controlProps(pointsId, pointsError, disabled)}
            {...form.register(`${base}.points`)}
          />
        </FormField>
      </div>
      <div className="grid gap-2">
        <span id={textLabelId} className="font-medium text-sm">
          {t("question.text")}
        </span>
        <Controller
          control={form.control}
          name={`${base}.text`}
          render={({ field }) => (
            <RichTextEditor
              labelledBy={textLabelId}
              value={field.value}
              onChange={field.onChange}
              invalid={Boolean(textError)}
              describedBy={textError ? errorId(`q${index}-text`) : undefined}
            />
          )}
        />
        {textError && (
          <p id={errorId(`q${index}-text`)} className="text-sm text-destructive">
            {textError}
          </p>
        )}
      </div>
      <QuestionImageField
        form={form}
        index={index}
        disabled={disabled}
        assessmentId={assessmentId}
        image={imageOf(
          {
            _id: storedId,
            imageFrom: form.watch(`${base}.imageFrom`),
            imageUpload: form.watch(`${base}.imageUpload`),
          },
          images,
        )}
      />
      <AnswerKeyFields form={form} index={index} disabled={disabled} />
      <div className="grid gap-2">
        <span id={feedbackLabelId} className="font-medium text-sm">
          {t("question.feedback")}
        </span>
        <p id={feedbackHintId} className="text-muted-foreground text-sm">
          {t("question.feedbackHint")}
        </p>
        <Controller
          control={form.control}
          name={`${base}.feedback`}
          render={({ field }) => (
            <RichTextEditor
              labelledBy={feedbackLabelId}
              value={field.value}
              onChange={field.onChange}
              invalid={Boolean(feedbackError)}
              describedBy={feedbackError ? `${feedbackHintId} ${errorId(`q${index}-feedback`)}` : feedbackHintId}
            />
          )}
        />
        {feedbackError && (
          <p id={errorId(`q${index}-feedback`)} className="text-sm text-destructive">
            {feedbackError}
          </p>
        )}
      </div>
      {idError && <p className="text-sm text-destructive">{idError}</p>}
    </section>
  );
}
