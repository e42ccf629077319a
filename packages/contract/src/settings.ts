import { z } from "zod";
import { envelope } from "./common.js";
import { BACKUP_FREQUENCIES } from "./constants.js";

export const SETTINGS_LIMITS = {
  siteNameMax: 100,
  maxFileSizeMax: 10240,
  fileTypesMax: 100,
  sessionTimeoutMin: 5,
  sessionTimeoutMax: 43200,
} as const;

export const SETTINGS_MESSAGES = {
  updated: "System settings updated",
  loadFailed: "Failed to load settings",
  saveFailed: "Failed to save settings",
  maintenance: "The site is down for maintenance. Please try again later.",
  siteNameRequired: "Site name is required",
  siteNameTooLong: `Site name must be at most ${SETTINGS_LIMITS.siteNameMax} characters`,
  maxFileSize: `Max file size must be a whole number of MB from 1 to ${SETTINGS_LIMITS.maxFileSizeMax}`,
  fileType: "File types are 1 to 10 letters or digits, without a dot (e.g. pdf)",
  tooManyFileTypes: `At most ${SETTINGS_LIMITS.fileTypesMax} file types`,
  maxUsers: "Max users must be a whole number of at least 1",
  maxCourses: "Max courses must be a whole number of at least 1",
  sessionTimeout: `Session timeout must be a whole number of minutes from ${SETTINGS_LIMITS.sessionTimeoutMin} to ${SETTINGS_LIMITS.sessionTimeoutMax}`,
  backupFrequency: "Choose hourly, daily, weekly or monthly",
} as const;

const M = SETTINGS_MESSAGES;
const L = SETTINGS_LIMITS;
const wholeNumber = (message: string) => z.number({ error: message }).int(message);

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
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = {
  siteName: "LearnHub",
  maintenanceMode: false,
  registrationEnabled: true,
  /** As large as the spec's recording maximum (500 MB), so every upload the spec allows fits by default. */
  maxFileSize: 500,
  allowedFileTypes: ["pdf", "doc", "docx", "mp4", "jpg", "png"],
  emailNotifications: true,
  maxUsers: 1000,
  maxCourses: 500,
  sessionTimeout: 30,
  backupFrequency: "daily",
  instructorsMayPublish: false,
};

/** PUT /admin/settings: the spec's client sends every setting; any subset is accepted and only those change. */
export const systemSettingsUpdateSchema = systemSettingsSchema.partial();
export type SystemSettingsUpdate = z.infer<typeof systemSettingsUpdateSchema>;
export const systemSettingsResponseSchema = envelope(z.object({ settings: systemSettingsSchema }));

/** GET /settings/public: what every visitor's browser needs before anything else (name, maintenance). */
export const publicSettingsSchema = systemSettingsSchema.pick({ siteName: true, maintenanceMode: true });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
export const publicSettingsResponseSchema = envelope(z.object({ settings: publicSettingsSchema }));
