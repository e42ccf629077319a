import type { AnswerValue, Attempt } from "@lms/contract";

export type AttemptQuestion = Attempt["questions"][number];

/** Whether a value counts as answered in the navigator: an empty text or no picked option does not. */
export function isAnswered(value: AnswerValue | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return true;
}
