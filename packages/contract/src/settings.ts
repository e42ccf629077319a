import { z } from "zod";
import type { CataloguedMessage } from "./catalogued-message.js";
import { envelope } from "./common.js";
import { BACKUP_FREQUENCIES } from "./constants.js";
import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from "./settings-constants.js";

const M = SETTINGS_MESSAGES;
const L = SETTINGS_LIMITS;
const wholeNumber = (message: CataloguedMessage) => z.number({ error: message }).int(message);

export const systemSettingsSchema = z.object({
  siteName: z.string().trim().min(1, M.siteNameRequired).max(L.siteNameMax, M.siteNameTooLong),
  maintenanceMode: z.boolean(),
  registrationEnabled: z.boolean(),
  /** Megabytes; governs every upload. */
  maxFileSize: wholeNumber(M.maxFileSize).min(1, M.maxFileSize).max(L.maxFileSizeMax, M.maxFileSize),
  /** File extensions, judged against each upload's detected type. */
  allowedFileTypes: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9]{1,10}$/, M.fileType),
    )
    .max(L.fileTypesMax, M.tooManyFileTypes),
  /** Off: only security e-mails (password reset) go out. */
  emailNotifications: z.boolean(),
  maxUsers: wholeNumber(M.maxUsers).min(1, M.maxUsers),
  maxCourses: wholeNumber(M.maxCourses).min(1, M.maxCourses),
  sessionTimeout: wholeNumber(M.sessionTimeout)
    .min(L.sessionTimeoutMin, M.sessionTimeout)
    .max(L.sessionTimeoutMax, M.sessionTimeout),
  backupFrequency: z.enum(BACKUP_FREQUENCIES, M.backupFrequency),
  /** Instructors may publish and unpublish their own courses; when off they submit them for review (issue 9). */
  instructorsMayPublish: z.boolean(),
  /** Admins and super admins must sign in with a second factor; until they set one up, only that set-up is open to them. */
  requireTwoFactorForAdmins: z.boolean(),
  /** Credits a new account starts with: self-registration, and admin-created or imported users given none. */
  startingCredits: wholeNumber(M.startingCredits)
    .min(0, M.startingCredits)
    .max(L.startingCreditsMax, M.startingCredits),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/** PUT /admin/settings: the spec's client sends every setting; any subset is accepted and only those change. */
export const systemSettingsUpdateSchema = systemSettingsSchema.partial();
export type SystemSettingsUpdate = z.infer<typeof systemSettingsUpdateSchema>;
export const systemSettingsResponseSchema = envelope(z.object({ settings: systemSettingsSchema }));

/**
 * GET /settings/public: what every visitor's browser needs before anything else (name, maintenance,
 * and whether the sign-up form is open: issue 21), and the upload limits every upload dialog states
 * before a file is chosen.
 */
export const publicSettingsSchema = systemSettingsSchema.pick({
  siteName: true,
  maintenanceMode: true,
  registrationEnabled: true,
  maxFileSize: true,
  allowedFileTypes: true,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
export const publicSettingsResponseSchema = envelope(z.object({ settings: publicSettingsSchema }));
