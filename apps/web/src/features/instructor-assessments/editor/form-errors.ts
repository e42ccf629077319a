import { ASSESSMENT_MESSAGES } from "@lms/contract";
import i18next from "i18next";
import { type FieldErrors, get } from "react-hook-form";
import type { EditorValues } from "./editor-form";

/** The contract's assessment messages by their English text, to show them in the interface's language. */
const MESSAGE_KEYS = new Map<string, keyof typeof ASSESSMENT_MESSAGES>(
  Object.entries(ASSESSMENT_MESSAGES).map(([key, text]) => [text, key as keyof typeof ASSESSMENT_MESSAGES]),
);

/** The message at a path of the form's errors, including a list's own message (RHF keeps it under `root`). */
export function errorAt(errors: FieldErrors<EditorValues>, path: string): string | undefined {
  const error = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  const key = message && MESSAGE_KEYS.get(message);
  return key ? i18next.t(`messages:ASSESSMENT_MESSAGES.${key}`) : message;
}
