import { type FieldErrors, get } from "react-hook-form";
import type { EditorValues } from "./editor-form";

/** The message at a path of the form's errors, including a list's own message (RHF keeps it under `root`). */
export function errorAt(errors: FieldErrors<EditorValues>, path: string): string | undefined {
  const error = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}
