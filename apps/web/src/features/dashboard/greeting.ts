import type { User } from "@lms/contract";
import i18next from "i18next";

type SignIns = Pick<User, "createdAt" | "lastLogin">;

/**
 * A person whose last sign-in is their registration (registering signs in and stamps createdAt
 * and lastLogin with one time) has not come back yet: they are welcomed, not welcomed back.
 */
export const isNewcomer = (user: SignIns): boolean => user.lastLogin === null || user.lastLogin === user.createdAt;

export const greetingFor = (name: string, user: SignIns | null): string =>
  i18next.t(user && isNewcomer(user) ? "dashboard:header.welcome" : "dashboard:header.welcomeBack", { name });
