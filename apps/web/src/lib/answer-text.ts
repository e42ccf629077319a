import type { AnswerValue, Attempt } from "@lms/contract";
import i18next from "i18next";

type AttemptQuestion = Attempt["questions"][number];
type Key = NonNullable<AttemptQuestion["correctAnswer"]>;

const optionText = (question: AttemptQuestion, id: string) =>
  question.options?.find((option) => option._id === id)?.text ?? id;

/** A learner's answer or a released key, as a reader sees it. */
export function describeAnswer(question: AttemptQuestion, value: AnswerValue | Key | null): string {
  if (value === null || (typeof value === "string" && value.trim() === "")) return i18next.t("answer.none");
  if (typeof value === "boolean") return value ? i18next.t("question.true") : i18next.t("question.false");
  if (typeof value === "number") return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? i18next.t("answer.none") : value.map((id) => optionText(question, id)).join(", ");
  if (typeof value === "object")
    return value.tolerance > 0 ? `${value.value} ± ${value.tolerance}` : String(value.value);
  return question.type === "single_choice" ? optionText(question, value) : value;
}
