import type auth from "../locales/en/auth.json";
import type common from "../locales/en/common.json";
import type home from "../locales/en/home.json";
import type maintenance from "../locales/en/maintenance.json";
import type messages from "../locales/en/messages.json";
import type notFound from "../locales/en/not-found.json";
import type users from "../locales/en/users.json";

/** The English catalogues' shapes: every `t()` key is checked against them at compile time. */
export interface Resources {
  auth: typeof auth;
  common: typeof common;
  home: typeof home;
  maintenance: typeof maintenance;
  messages: typeof messages;
  "not-found": typeof notFound;
  users: typeof users;
}
