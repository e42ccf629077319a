import type { AnswerValue, Attempt } from "@lms/contract";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { plainText } from "./plain-text";

/** What the field needs of a question as a learner sees it (the taking screen and the editor's preview). */
export type FieldQuestion = Pick<Attempt["questions"][number], "_id" | "type" | "text" | "options">;

interface QuestionFieldProps {
  question: FieldQuestion;
  value: AnswerValue | null;
  onChange: (value: AnswerValue | null) => void;
}

const choiceRow =
  "flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-2 has-focus-visible:ring-ring";

function Choices({ question, value, onChange }: QuestionFieldProps) {
  const { t } = useTranslation();
  const name = useId();
  const legend = useMemo(() => plainText(question.text), [question.text]);
  const multiple = question.type === "multiple_choice";
  const picked = multiple ? (Array.isArray(value) ? value : []) : value;
  const options =
    question.type === "true_false"
      ? [
          { _id: "true", text: t("question.true") },
          { _id: "false", text: t("question.false") },
        ]
      : (question.options ?? []);
  const isChecked = (id: string) =>
    multiple
      ? (picked as string[]).includes(id)
      : question.type === "true_false"
        ? picked === (id === "true")
        : picked === id;
  const pick = (id: string, checked: boolean) => {
    if (question.type === "true_false") onChange(id === "true");
    else if (!multiple) onChange(id);
    else {
      const current = picked as string[];
      onChange(checked ? [...current, id] : current.filter((other) => other !== id));
    }
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">{legend}</legend>
      {multiple && <p className="text-sm text-muted-foreground">{t("question.selectAll")}</p>}
      {options.map((option) => (
        <label key={option._id} className={choiceRow}>
          <input
            type={multiple ? "checkbox" : "radio"}
            name={name}
            className="mt-0.5 size-4 accent-primary"
            checked={isChecked(option._id)}
            onChange={(event) => pick(option._id, event.target.checked)}
          />
          <span className="break-words">{option.text}</span>
        </label>
      ))}
    </fieldset>
  );
}

function NumberField({ value, onChange }: QuestionFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  // The typed text is kept as typed ("1." on the way to "1.5"); the saved value is its number.
  const [text, setText] = useState(typeof value === "number" ? String(value) : "");
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t("question.numberAnswer")}</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        step="any"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const number = event.target.valueAsNumber;
          onChange(Number.isFinite(number) ? number : null);
        }}
      />
    </div>
  );
}

function TextField({ question, value, onChange }: QuestionFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const text = typeof value === "string" ? value : "";
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t("question.answer")}</Label>
      {question.type === "essay" ? (
        <Textarea id={id} rows={8} value={text} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input id={id} value={text} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}

function FileUploadPreview() {
  const { t } = useTranslation();
  return (
    <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">{t("question.filePreview")}</p>
  );
}

/** The input that fits the question's type. */
export function QuestionField(props: QuestionFieldProps) {
  switch (props.question.type) {
    case "single_choice":
    case "multiple_choice":
    case "true_false":
      return <Choices {...props} />;
    case "numeric":
      return <NumberField {...props} />;
    case "short_answer":
    case "essay":
      return <TextField {...props} />;
    case "file_upload":
      // Learners answer it by an upload (the take-assessment screen's FileAnswer); a preview says so.
      return <FileUploadPreview />;
  }
}
