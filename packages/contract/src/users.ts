import { z } from "zod";
import { envelope, paginationSchema } from "./common.js";
import { LIMITS, ROLES, USER_STATUSES } from "./constants.js";
import { MESSAGES } from "./messages.js";

export const roleSchema = z.enum(ROLES);
export const userStatusSchema = z.enum(USER_STATUSES);
export type Role = z.infer<typeof roleSchema>;
export type UserStatus = z.infer<typeof userStatusSchema>;

/** Name rule of the spec's user form: 2-50 letters and spaces. */
export const nameSchema = z
  .string({ error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .min(LIMITS.nameMin, MESSAGES.nameTooShort)
  .max(LIMITS.nameMax, MESSAGES.nameTooLong)
  .regex(/^[\p{L} ]+$/u, MESSAGES.nameLetters);

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(LIMITS.emailMax, MESSAGES.emailInvalid)
  .pipe(z.email(MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase());

/** Password rule of the spec's user form (8+ with lower, upper, digit). */
export const strongPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, MESSAGES.passwordTooLong)
  .regex(/[a-z]/, MESSAGES.passwordLower)
  .regex(/[A-Z]/, MESSAGES.passwordUpper)
  .regex(/[0-9]/, MESSAGES.passwordDigit);

export const userProfileSchema = z.object({
  bio: z.string().nullable(),
  location: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  avatar: z.string().nullable(),
});

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  credits: z.number().int(),
  emailVerified: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  profile: userProfileSchema,
  /**
   * Only on the signed-in user's own profile and session (issue 21): true until they sign in a
   * second time, so a first dashboard welcomes rather than welcomes back.
   */
  firstVisit: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** Users per page offered by the user list (spec §9), default 10. */
export const USER_PAGE_SIZES = [5, 10, 20, 50] as const;

export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** `capped`: more users match than were counted (USER_COUNT_CAP, 10,000); `total` is that cap. */
export const userListResponseSchema = envelope(
  z.object({ users: z.array(userSchema), pagination: paginationSchema.extend({ capped: z.boolean() }) }),
);
