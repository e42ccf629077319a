import type auth from "../locales/en/auth.json";
import type common from "../locales/en/common.json";
import type messages from "../locales/en/messages.json";

/** The English catalogues' shapes: every `t()` key is checked against them at compile time. */
export interface Resources {
  auth: typeof auth;
  common: typeof common;
  messages: typeof messages;
}
