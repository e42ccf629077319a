import { Plus, X } from "lucide-react";
import { type UseFormReturn, useFieldArray } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { controlProps, errorId, FormField } from "@/components/FormField";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { EditorOutput, EditorValues } from "./editor-form";
import { errorAt } from "./form-errors";

type EditorForm = UseFormReturn<EditorValues, unknown, EditorOutput>;

interface KeyProps {
  form: EditorForm;
  index: number;
  disabled: boolean;
}

const OPTION_LIMIT = 20;

function ChoiceOptions({ form, index, disabled }: KeyProps) {
  const name = `questions.${index}.options` as const;
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const single = form.watch(`questions.${index}.type`) === "single_choice";
  const errors = form.formState.errors;
  const listError = errorAt(errors, name);
  const markCorrect = (option: number, checked: boolean) => {
    if (!single) {
      form.setValue(`${name}.${option}.correct`, checked, { shouldDirty: true });
      return;
    }
    fields.forEach((_, other) => {
      form.setValue(`${name}.${other}.correct`, other === option, { shouldDirty: true });
    });
  };
  const listErrorId = errorId(`q${index}-options`);
  const { t } = useTranslation("instructor-assessments");

  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={listError ? listErrorId : undefined}>
      <legend className="mb-1 font-medium text-sm">
        {t("key.options")}{" "}
        <span className="font-normal text-muted-foreground">{single ? t("key.markOne") : t("key.markMany")}</span>
      </legend>
      {fields.map((field, option) => {
        const textId = `q${index}-option-${option}`;
        const textError = errorAt(errors, `${name}.${option}.text`);
        const correct = form.watch(`${name}.${option}.correct`);
        return (
          <div key={field.id} className="grid gap-1">
            <div className="flex items-center gap-2">
              <label className="flex shrink-0 items-center gap-2 text-sm">
                <input
                  type={single ? "radio" : "checkbox"}
                  name={`q${index}-correct`}
                  className="size-4 accent-primary"
                  checked={correct}
                  disabled={disabled}
                  onChange={(event) => markCorrect(option, event.target.checked)}
                  aria-label={t("key.optionCorrect", { number: option + 1 })}
                />
                <span className="sr-only sm:not-sr-only">{t("key.correct")}</span>
              </label>
              <Input
                {...controlProps(textId, textError, disabled)}
                aria-label={t("key.option", { number: option + 1 })}
                placeholder={t("key.option", { number: option + 1 })}
                {...form.register(`${name}.${option}.text`)}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t("key.removeOption", { number: option + 1 })}
                disabled={disabled || fields.length <= 2}
                disabledReason={disabled ? undefined : t("unavailable.minOptions")}
                onClick={() => remove(option)}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
            {textError && (
              <p id={errorId(textId)} className="text-sm text-destructive">
                {textError}
              </p>
            )}
          </div>
        );
      })}
      {listError && (
        <p id={listErrorId} className="text-sm text-destructive">
          {listError}
        </p>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || fields.length >= OPTION_LIMIT}
          disabledReason={disabled ? undefined : t("unavailable.maxOptions", { count: OPTION_LIMIT })}
          onClick={() => append({ text: "", correct: false })}
        >
          <Plus aria-hidden="true" />
          {t("key.addOption")}
        </Button>
      </div>
    </fieldset>
  );
}

function TrueFalseKey({ form, index, disabled }: KeyProps) {
  const { t } = useTranslation("instructor-assessments");
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1 font-medium text-sm">{t("key.correctAnswer")}</legend>
      <div className="flex gap-4">
        {(["true", "false"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              value={value}
              className="size-4 accent-primary"
              disabled={disabled}
              {...form.register(`questions.${index}.correct`)}
            />
            {value === "true" ? t("key.true") : t("key.false")}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ShortAnswerKey({ form, index, disabled }: KeyProps) {
  const id = `q${index}-accepted`;
  const error = errorAt(form.formState.errors, `questions.${index}.acceptedAnswers`);
  const { t } = useTranslation("instructor-assessments");
  return (
    <FormField id={id} label={t("key.accepted")} error={error}>
      <Textarea
        rows={3}
        {...controlProps(id, error, disabled)}
        {...form.register(`questions.${index}.acceptedAnswers`)}
      />
    </FormField>
  );
}

function NumericKey({ form, index, disabled }: KeyProps) {
  const errors = form.formState.errors;
  const valueId = `q${index}-value`;
  const toleranceId = `q${index}-tolerance`;
  const valueError = errorAt(errors, `questions.${index}.value`);
  const toleranceError = errorAt(errors, `questions.${index}.tolerance`);
  const { t } = useTranslation("instructor-assessments");
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField id={valueId} label={t("key.value")} error={valueError}>
        <Input
          type="number"
          step="any"
          inputMode="decimal"
          {...controlProps(valueId, valueError, disabled)}
          {...form.register(`questions.${index}.value`)}
        />
      </FormField>
      <FormField id={toleranceId} label={t("key.tolerance")} error={toleranceError}>
        <Input
          type="number"
          step="any"
          min={0}
          inputMode="decimal"
          {...controlProps(toleranceId, toleranceError, disabled)}
          {...form.register(`questions.${index}.tolerance`)}
        />
      </FormField>
    </div>
  );
}

/** The answer key that fits the question's type; essays and files are graded by hand. */
export function AnswerKeyFields(props: KeyProps) {
  const { t } = useTranslation("instructor-assessments");
  switch (props.form.watch(`questions.${props.index}.type`)) {
    case "single_choice":
    case "multiple_choice":
      return <ChoiceOptions {...props} />;
    case "true_false":
      return <TrueFalseKey {...props} />;
    case "short_answer":
      return <ShortAnswerKey {...props} />;
    case "numeric":
      return <NumericKey {...props} />;
    default:
      return <p className="text-sm text-muted-foreground">{t("key.byHand")}</p>;
  }
}
