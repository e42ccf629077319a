import type { User } from "@lms/contract";
import i18next from "i18next";

type SignIns = Pick<User, "createdAt" | "lastLogin" | "firstVisit">;

/**
 * Someone who has not signed in a second time (the server's `firstVisit`: e.g. an invited user who
 * just set their password) has not come back yet: they are welcomed, not welcomed back. Without
 * it, a last sign-in that is the registration (both stamped with one time) means the same.
 */
export const isNewcomer = (user: SignIns): boolean =>
  user.firstVisit ?? (user.lastLogin === null || user.lastLogin === user.createdAt);

export const greetingFor = (name: string, user: SignIns | null): string =>
  i18next.t(user && isNewcomer(user) ? "dashboard:header.welcome" : "dashboard:header.welcomeBack", { name });
