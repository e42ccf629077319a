// No zod here: the message groups are loaded by the web app's first paint, before zod.

/**
 * One message of the catalogue: its English text and its stable code ("MESSAGES.courseNotFound"),
 * which travel together. A code is its group and key, so two groups may share an English text and
 * still name their messages apart: the code comes from the message raised, never from its text.
 *
 * Give it where a message is raised: `new AppError(404, MESSAGES.courseNotFound)`, or to a zod
 * schema as its error (`z.string({ error: M.titleRequired }).min(1, M.titleRequired)`): a message is
 * a zod error map that names itself on the issue it raises (`messageCode`, see `issueMessageCode`).
 * Use `text` where only the English words are wanted.
 */
export interface CataloguedMessage {
  (issue: object): string;
  readonly code: string;
  readonly text: string;
  /** zod's `error` parameter when the message is given as a check's parameters (`.min(1, message)`). */
  readonly error: (issue: object) => string;
}

function cataloguedMessage(code: string, text: string): CataloguedMessage {
  const message = (issue: object) => {
    (issue as { messageCode?: string }).messageCode = code;
    return text;
  };
  const fixed = (value: unknown) => ({ value });
  Object.defineProperties(message, {
    code: fixed(code),
    text: fixed(text),
    // enumerable: zod copies a check's parameters into its definition by spreading them
    error: { value: message, enumerable: true },
    toString: fixed(() => text),
    toJSON: fixed(() => text),
  });
  return Object.freeze(message) as unknown as CataloguedMessage;
}

/** Whether a value is a catalogued message (rather than plain text). */
export const isCataloguedMessage = (value: unknown): value is CataloguedMessage =>
  typeof value === "function" && typeof (value as { code?: unknown }).code === "string";

/** A group of catalogued messages: each key's code is `${group}.${key}`. */
export function messageGroup<const Texts extends Record<string, string>>(
  group: string,
  texts: Texts,
): { readonly [Key in keyof Texts]: CataloguedMessage } {
  const messages = Object.fromEntries(
    Object.entries(texts).map(([key, text]) => [key, cataloguedMessage(`${group}.${key}`, text)]),
  );
  return Object.freeze(messages) as { readonly [Key in keyof Texts]: CataloguedMessage };
}

/** The code a zod issue raised with a catalogued message carries (see `CataloguedMessage.error`). */
export function issueMessageCode(issue: object): string | undefined {
  const code = (issue as { messageCode?: unknown }).messageCode;
  return typeof code === "string" ? code : undefined;
}

/** A custom issue's message and code, for `ctx.addIssue({ code: "custom", ...issueOf(message) })`. */
export const issueOf = (message: CataloguedMessage) => ({ message: message.text, messageCode: message.code });
