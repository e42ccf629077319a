import sanitizeHtml from "sanitize-html";

/**
 * What question text may hold: simple formatting, lists, code and links (http, https, mailto).
 * Everything else (scripts, event handlers, styles, frames, images by URL) is removed, so the
 * stored text is safe to render as HTML.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "div", "br", "b", "strong", "i", "em", "u", "s", "code", "pre", "ul", "ol", "li", "a"],
  // target and rel are set by the transform below, whatever was sent.
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer nofollow" }),
  },
};
const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

/** The question text with only the allowed markup left. */
export const sanitizeQuestionText = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

/** Whether sanitised text shows anything to read (not only tags and spaces). */
export const hasVisibleText = (html: string): boolean =>
  sanitizeHtml(html, TEXT_ONLY)
    .replace(/&nbsp;/g, " ")
    .trim() !== "";
