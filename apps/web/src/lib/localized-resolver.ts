import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import { issueMessageCode } from "@lms/contract";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { inInterfaceLanguage } from "@/api/errors";

/**
 * A react-hook-form resolver for a zod schema whose errors are in the interface's language: a
 * catalogued message is translated by the code its issue carries, never by its English text. The
 * error's `type` is that code (or zod's issue code), so a form can tell which rule failed.
 */
export function localizedResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join(".");
      if (errors[path]) continue;
      const code = issueMessageCode(issue);
      errors[path] = { type: code ?? issue.code, message: inInterfaceLanguage(code, issue.message) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
