import type common from "../locales/en/common.json";
import type courseDetail from "../locales/en/course-detail.json";
import type messages from "../locales/en/messages.json";

/** The English catalogues' shapes: every `t()` key is checked against them at compile time. */
export interface Resources {
  common: typeof common;
  "course-detail": typeof courseDetail;
  messages: typeof messages;
}
