import type { User } from "@lms/contract";

type SignIns = Pick<User, "createdAt" | "lastLogin">;

/**
 * A person whose last sign-in is their registration (registering signs in and stamps createdAt
 * and lastLogin with one time) has not come back yet: they are welcomed, not welcomed back.
 */
export const isNewcomer = (user: SignIns): boolean => user.lastLogin === null || user.lastLogin === user.createdAt;

export const greetingFor = (name: string, user: SignIns | null): string =>
  `${user && isNewcomer(user) ? "Welcome" : "Welcome back"}, ${name}!`;
