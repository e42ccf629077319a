import { z } from "zod";
import { issueMessageCode, issueOf, messageGroup } from "./catalogued-message.js";
import { envelope } from "./common.js";
import { userIdSchema } from "./ids.js";
import { MESSAGES } from "./messages.js";
import { emailSchema, nameSchema, roleSchema, strongPasswordSchema, userSchema, userStatusSchema } from "./users.js";

/** Strings of user management (spec §5, §6, §8) not already in MESSAGES. */
export const USER_ADMIN_MESSAGES = messageGroup("USER_ADMIN_MESSAGES", {
  phoneTooShort: "Phone number must have at least 10 digits",
  phoneTooLong: "Phone number must not exceed 15 digits",
  phoneInvalid: "Please enter a valid phone number",
  websiteInvalid: "Please enter a valid website URL (must start with http:// or https://)",
  creditsNegative: "Credits cannot be negative",
  creditsWhole: "Credits must be a whole number",
  bioTooLong: "Bio must be at most 500 characters",
  locationTooLong: "Location must be at most 100 characters",
  formInvalid: "Validation Error: Please fix the errors in the form.",
  accessDenied: "Access Denied: You don't have permission to access this page.",
  loadFailed: "Failed to load users.",
  createFailed: "Failed to create user.",
  updateFailed: "Failed to update user.",
  deleteFailed: "Failed to delete user.",
  created: "User created successfully",
  updated: "User updated successfully",
  deleted: "User deleted successfully",
  activated: "User activated",
  deactivated: "User deactivated",
  superAdminOnly: "Only a super admin can create, promote or change a super admin",
  superAdminUndeletable: "A super admin cannot be deleted",
  selfDelete: "You cannot delete your own account",
  selfDemote: "You cannot change your own role or status",
  teachesCourses: "This user teaches courses. Reassign their courses to another instructor before deleting the user.",
  bulkRefused: "No users were changed: some of the selected users cannot be changed",
  bulkEmpty: "Choose at least one change",
  adminsBySuperAdmin: "Only a super admin can do this to an admin or a super admin",
  signedOutEverywhere: "The user has been signed out everywhere.",
  passwordOrInvitation: "Choose a password, or send an invitation so the user chooses one",
  invitationSent: "User created; an invitation to set a password has been sent",
});

export const BULK_USERS_MAX = 100;
export const BIO_MAX = 500;
export const LOCATION_MAX = 100;
export const PHONE_STORED_MAX = 20;

/** Phone: optional; 10 to 15 digits, written with digits, spaces, +, -, (, ) and dots. */
export const phoneSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === "") return;
    const digits = value.replace(/\D/g, "").length;
    if (/[^\d\s+().-]/.test(value)) ctx.addIssue({ code: "custom", ...issueOf(USER_ADMIN_MESSAGES.phoneInvalid) });
    else if (digits < 10) ctx.addIssue({ code: "custom", ...issueOf(USER_ADMIN_MESSAGES.phoneTooShort) });
    else if (digits > 15) ctx.addIssue({ code: "custom", ...issueOf(USER_ADMIN_MESSAGES.phoneTooLong) });
  });

/** Website: optional; an http:// or https:// address. */
export const websiteSchema = z
  .string()
  .trim()
  .max(500, USER_ADMIN_MESSAGES.websiteInvalid)
  .refine((value) => value === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), USER_ADMIN_MESSAGES.websiteInvalid);

export const creditsSchema = z
  .number({ error: USER_ADMIN_MESSAGES.creditsWhole })
  .min(0, USER_ADMIN_MESSAGES.creditsNegative)
  .int(USER_ADMIN_MESSAGES.creditsWhole)
  .max(1_000_000_000, USER_ADMIN_MESSAGES.creditsWhole);

/** Edit form password: empty keeps the current one, anything else follows the strong-password rule. */
export const optionalPasswordSchema = z.string().superRefine((value, ctx) => {
  if (value === "") return;
  const result = strongPasswordSchema.safeParse(value);
  const issue = result.error?.issues[0];
  if (issue) ctx.addIssue({ code: "custom", message: issue.message, messageCode: issueMessageCode(issue) });
});

const profileFields = {
  bio: z.string().trim().max(BIO_MAX, USER_ADMIN_MESSAGES.bioTooLong).optional(),
  location: z.string().trim().max(LOCATION_MAX, USER_ADMIN_MESSAGES.locationTooLong).optional(),
  phone: phoneSchema.optional(),
  website: websiteSchema.optional(),
};

const userFields = z.object({
  name: nameSchema,
  email: emailSchema,
  password: strongPasswordSchema,
  role: roleSchema.default("learner"),
  status: userStatusSchema.default("active"),
  credits: creditsSchema.optional(),
  ...profileFields,
});

/**
 * POST /admin/users and the create dialog (spec §5); new users default to learner, active, and the
 * `startingCredits` setting's credits when none are given (0 unless an admin changed it).
 * `sendInvitation` (issue 21): no password; the user is e-mailed a link to set one (as an import's
 * invitation). Without it a password is required, as the spec says.
 */
export const createUserSchema = userFields
  .extend({ password: strongPasswordSchema.optional(), sendInvitation: z.boolean().default(false) })
  .superRefine((value, ctx) => {
    if (value.sendInvitation === (value.password !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["password"], ...issueOf(USER_ADMIN_MESSAGES.passwordOrInvitation) });
    }
  });
export type CreateUserInput = z.input<typeof createUserSchema>;

const formFields = userFields.extend({ password: optionalPasswordSchema, sendInvitation: z.boolean().default(false) });

/** The edit dialog: the create rules with the password optional (empty keeps it). */
export const editUserFormSchema = formFields;

/** The create dialog: an empty password is none, which only an invitation allows. */
export const createUserFormSchema = formFields.superRefine((value, ctx) => {
  if (!value.sendInvitation && value.password === "") {
    ctx.addIssue({ code: "custom", path: ["password"], ...issueOf(MESSAGES.passwordRequired) });
  }
});
export type UserFormValues = z.input<typeof formFields>;

const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * PUT /admin/users/{id}: every field optional; empty optional fields and an empty password are
 * omitted (the service drops ""), the phone is cut to 20 characters and a website without a scheme
 * gets https:// (spec §5).
 */
export const updateUserSchema = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  password: optionalPasswordSchema.optional(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
  credits: creditsSchema.optional(),
  bio: profileFields.bio,
  location: profileFields.location,
  phone: z
    .string()
    .transform((value) => value.trim().slice(0, PHONE_STORED_MAX))
    .pipe(phoneSchema)
    .optional(),
  website: z
    .string()
    .transform((value) => {
      const trimmed = value.trim();
      return trimmed === "" || hasScheme.test(trimmed) ? trimmed : `https://${trimmed}`;
    })
    .pipe(websiteSchema)
    .optional(),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const userParamsSchema = z.object({ id: userIdSchema });

const userIdsSchema = z
  .array(userIdSchema, { error: MESSAGES.invalidUserId })
  .min(1, MESSAGES.invalidUserId)
  .max(BULK_USERS_MAX);

/** POST /admin/users/bulk-update: one role, status and/or credits value for every chosen user. */
export const bulkUpdateUsersSchema = z.object({
  userIds: userIdsSchema,
  updates: z
    .object({ role: roleSchema.optional(), status: userStatusSchema.optional(), credits: creditsSchema.optional() })
    .refine((u) => u.role !== undefined || u.status !== undefined || u.credits !== undefined, {
      error: USER_ADMIN_MESSAGES.bulkEmpty,
    }),
});
export type BulkUpdateUsersInput = z.input<typeof bulkUpdateUsersSchema>;

export const bulkDeleteUsersSchema = z.object({ userIds: userIdsSchema });

export const userResponseSchema = envelope(z.object({ user: userSchema }));
/** A refused bulk call (403, 404 or 409) lists each refused id as an error `path` with its reason. */
export const bulkUsersResponseSchema = envelope(z.object({ count: z.number().int() }));
/** Strength meter of the user form (spec §5): one point each for length 8+, lower, upper, digit, special. */
export function passwordStrength(password: string): { score: number; label: string } {
  const checks = [/.{8,}/, /[a-z]/, /[A-Z]/, /[0-9]/, /[!@#$%^&*]/];
  const score = checks.filter((check) => check.test(password)).length;
  const labels = ["Very Weak", "Very Weak", "Weak", "Fair", "Good", "Strong"];
  return { score, label: labels[score] ?? "Very Weak" };
}
