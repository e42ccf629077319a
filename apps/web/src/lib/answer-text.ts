import type { AnswerValue, Attempt } from "@lms/contract";

type AttemptQuestion = Attempt["questions"][number];
type Key = NonNullable<AttemptQuestion["correctAnswer"]>;

const optionText = (question: AttemptQuestion, id: string) =>
  question.options?.find((option) => option._id === id)?.text ?? id;

/** A learner's answer or a released key, as a reader sees it. */
export function describeAnswer(question: AttemptQuestion, value: AnswerValue | Key | null): string {
  if (value === null || (typeof value === "string" && value.trim() === "")) return "No answer";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? "No answer" : value.map((id) => optionText(question, id)).join(", ");
  if (typeof value === "object")
    return value.tolerance > 0 ? `${value.value} ± ${value.tolerance}` : String(value.value);
  return question.type === "single_choice" ? optionText(question, value) : value;
}
