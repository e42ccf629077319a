import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { ApiError, fieldMessage } from "@/api/errors";

/** Puts the server's field errors under the form's own fields (the first gets focus); true if any. */
export function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fields: Iterable<string>,
) {
  if (!(error instanceof ApiError)) return false;
  const known = new Set(fields);
  const fieldErrors = error.errors.filter((item) => known.has(item.path));
  for (const item of fieldErrors)
    form.setError(item.path as FieldPath<T>, { message: fieldMessage(item) }, { shouldFocus: true });
  return fieldErrors.length > 0;
}

/**
 * The server's validation errors joined by commas, else its message, else the fallback (spec §8);
 * catalogued messages in the interface's language.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.errors.length > 0)
    return error.errors.map((item) => fieldMessage(item)).join(", ");
  return (error instanceof ApiError && error.localMessage) || fallback;
}
