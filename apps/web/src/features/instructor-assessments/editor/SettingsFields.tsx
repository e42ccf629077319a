import { ASSESSMENT_TYPES, SCORING_RULES, SHOW_CORRECT_ANSWERS } from "@lms/contract";
import type { ReactNode } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { controlProps, FormField } from "@/components/FormField";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import type { EditorOutput, EditorValues } from "./editor-form";
import { errorAt } from "./form-errors";

type EditorForm = UseFormReturn<EditorValues, unknown, EditorOutput>;
type TextField =
  | "title"
  | "availableFrom"
  | "dueDate"
  | "latePenaltyPercent"
  | "latePenaltyFloor"
  | "attemptsAllowed"
  | "timeLimitMinutes"
  | "passingScore"
  | "questionPoolSize"
  | "weight"
  | "totalPoints";

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 sm:p-5">
      <legend className="px-1 font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

interface SettingsFieldsProps {
  form: EditorForm;
  disabled: boolean;
  /** Without questions, the total is typed; with them it is their sum. */
  hasQuestions: boolean;
}

/** Every setting of an assessment: what it is, when it is open, late work, attempts and grading. */
export function SettingsFields({ form, disabled, hasQuestions }: SettingsFieldsProps) {
  const errors = form.formState.errors;
  const { t } = useTranslation("instructor-assessments");
  const input = (name: TextField, label: string, props: Record<string, unknown> = {}) => {
    const error = errorAt(errors, name);
    return (
      <FormField id={`assessment-${name}`} label={label} error={error}>
        <Input {...controlProps(`assessment-${name}`, error, disabled)} {...props} {...form.register(name)} />
      </FormField>
    );
  };
  const number = { type: "number", inputMode: "decimal", step: "any", min: 0 };
  const accepting = form.watch("lateSubmissions") === "accept";

  return (
    <div className="grid gap-6">
      <Group title={t("settings.about")}>
        {input("title", t("settings.title"), { maxLength: 200 })}
        <FormField id="assessment-description" label={t("settings.description")} error={errorAt(errors, "description")}>
          <Textarea
            rows={3}
            {...controlProps("assessment-description", errorAt(errors, "description"), disabled)}
            {...form.register("description")}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="assessment-type" label={t("settings.type")}>
            <NativeSelect id="assessment-type" disabled={disabled} {...form.register("type")}>
              {ASSESSMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {!hasQuestions && input("totalPoints", t("settings.totalPoints"), { ...number, min: 1 })}
        </div>
      </Group>
      <Group title={t("settings.availability")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {input("availableFrom", t("settings.availableFrom"), { type: "datetime-local" })}
          {input("dueDate", t("settings.dueDate"), { type: "datetime-local" })}
        </div>
        <FormField id="assessment-late" label={t("settings.late")}>
          <NativeSelect id="assessment-late" disabled={disabled} {...form.register("lateSubmissions")}>
            <option value="accept">{t("settings.lateAccept")}</option>
            <option value="refuse">{t("settings.lateRefuse")}</option>
          </NativeSelect>
        </FormField>
        {accepting && (
          <div className="grid gap-4 sm:grid-cols-3">
            {input("latePenaltyPercent", t("settings.penalty"), { ...number, max: 100 })}
            <FormField id="assessment-penalty-per" label={t("settings.per")}>
              <NativeSelect id="assessment-penalty-per" disabled={disabled} {...form.register("latePenaltyPer")}>
                <option value="hour">{t("settings.hourLate")}</option>
                <option value="day">{t("settings.dayLate")}</option>
              </NativeSelect>
            </FormField>
            {input("latePenaltyFloor", t("settings.floor"), { ...number, max: 100 })}
          </div>
        )}
      </Group>
      <Group title={t("settings.attemptsAndGrading")}>
        <div className="grid gap-4 sm:grid-cols-2">
          {input("attemptsAllowed", t("settings.attempts"), { ...number, min: 1, step: 1 })}
          <FormField id="assessment-scoring" label={t("settings.scoring")}>
            <NativeSelect id="assessment-scoring" disabled={disabled} {...form.register("scoringRule")}>
              {SCORING_RULES.map((rule) => (
                <option key={rule} value={rule}>
                  {t(`settings.scoringRules.${rule}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {input("timeLimitMinutes", t("settings.timeLimit"), { ...number, min: 1, step: 1 })}
          {input("passingScore", t("settings.passingScore"), { ...number, max: 100 })}
          {input("weight", t("settings.weight"), number)}
          {input("questionPoolSize", t("settings.pool"), { ...number, min: 1, step: 1 })}
          <FormField id="assessment-show" label={t("settings.show")}>
            <NativeSelect id="assessment-show" disabled={disabled} {...form.register("showCorrectAnswers")}>
              {SHOW_CORRECT_ANSWERS.map((rule) => (
                <option key={rule} value={rule}>
                  {t(`settings.showRules.${rule}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              disabled={disabled}
              {...form.register("shuffleQuestions")}
            />
            {t("settings.shuffleQuestions")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              disabled={disabled}
              {...form.register("shuffleOptions")}
            />
            {t("settings.shuffleOptions")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              disabled={disabled}
              {...form.register("requiredForCompletion")}
            />
            {t("settings.requiredForCompletion")}
          </label>
        </div>
      </Group>
    </div>
  );
}
