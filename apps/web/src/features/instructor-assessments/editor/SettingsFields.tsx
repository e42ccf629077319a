import { ASSESSMENT_TYPES, SCORING_RULES, SHOW_CORRECT_ANSWERS } from "@lms/contract";
import type { ReactNode } from "react";
import type { UseFormReturn } from "react-hook-form";
import { controlProps, FormField } from "@/components/FormField";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { TYPE_LABELS } from "@/lib/assessment-labels";
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

const SCORING_LABELS: Record<(typeof SCORING_RULES)[number], string> = {
  highest: "Highest attempt",
  latest: "Latest attempt",
  average: "Average of attempts",
};
const SHOW_LABELS: Record<(typeof SHOW_CORRECT_ANSWERS)[number], string> = {
  never: "Never",
  after_submit: "After they submit",
  after_due: "After the due date",
};

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
      <Group title="About">
        {input("title", "Title", { maxLength: 200 })}
        <FormField id="assessment-description" label="Description" error={errorAt(errors, "description")}>
          <Textarea
            rows={3}
            {...controlProps("assessment-description", errorAt(errors, "description"), disabled)}
            {...form.register("description")}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="assessment-type" label="Type">
            <NativeSelect id="assessment-type" disabled={disabled} {...form.register("type")}>
              {ASSESSMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {!hasQuestions && input("totalPoints", "Total points", { ...number, min: 1 })}
        </div>
      </Group>
      <Group title="Availability">
        <div className="grid gap-4 sm:grid-cols-2">
          {input("availableFrom", "Available from (optional)", { type: "datetime-local" })}
          {input("dueDate", "Due date (optional)", { type: "datetime-local" })}
        </div>
        <FormField id="assessment-late" label="Late submissions">
          <NativeSelect id="assessment-late" disabled={disabled} {...form.register("lateSubmissions")}>
            <option value="accept">Accept, with a penalty</option>
            <option value="refuse">Refuse after the due date</option>
          </NativeSelect>
        </FormField>
        {accepting && (
          <div className="grid gap-4 sm:grid-cols-3">
            {input("latePenaltyPercent", "Penalty (% of total)", { ...number, max: 100 })}
            <FormField id="assessment-penalty-per" label="Per">
              <NativeSelect id="assessment-penalty-per" disabled={disabled} {...form.register("latePenaltyPer")}>
                <option value="hour">Hour late</option>
                <option value="day">Day late</option>
              </NativeSelect>
            </FormField>
            {input("latePenaltyFloor", "Never below (% of total)", { ...number, max: 100 })}
          </div>
        )}
      </Group>
      <Group title="Attempts and grading">
        <div className="grid gap-4 sm:grid-cols-2">
          {input("attemptsAllowed", "Attempts allowed (empty: unlimited)", { ...number, min: 1, step: 1 })}
          <FormField id="assessment-scoring" label="Score that counts">
            <NativeSelect id="assessment-scoring" disabled={disabled} {...form.register("scoringRule")}>
              {SCORING_RULES.map((rule) => (
                <option key={rule} value={rule}>
                  {SCORING_LABELS[rule]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {input("timeLimitMinutes", "Time limit in minutes (empty: none)", { ...number, min: 1, step: 1 })}
          {input("passingScore", "Passing score % (empty: none)", { ...number, max: 100 })}
          {input("weight", "Weight in the course grade", number)}
          {input("questionPoolSize", "Questions drawn per attempt (empty: all)", { ...number, min: 1, step: 1 })}
          <FormField id="assessment-show" label="Learners see correct answers">
            <NativeSelect id="assessment-show" disabled={disabled} {...form.register("showCorrectAnswers")}>
              {SHOW_CORRECT_ANSWERS.map((rule) => (
                <option key={rule} value={rule}>
                  {SHOW_LABELS[rule]}
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
            Shuffle questions
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              disabled={disabled}
              {...form.register("shuffleOptions")}
            />
            Shuffle options
          </label>
        </div>
      </Group>
    </div>
  );
}
