import { messageCode } from "@lms/contract";
import { inInterfaceLanguage } from "@/api/errors";

/**
 * A message a contract schema produced in English (a form's validation error), in the interface's
 * language when it is a catalogued message; other text is returned as it is.
 */
export const localizedMessage = (text: string): string => inInterfaceLanguage(messageCode(text), text);
