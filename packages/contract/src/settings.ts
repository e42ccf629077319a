import { z } from "zod";
import { envelope } from "./common.js";
import { BACKUP_FREQUENCIES } from "./constants.js";

export const systemSettingsSchema = z.object({
  siteName: z.string().trim().min(1).max(100),
  maintenanceMode: z.boolean(),
  registrationEnabled: z.boolean(),
  maxFileSize: z.number().int().min(1).max(10240),
  allowedFileTypes: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9]{1,10}$/),
    )
    .max(100),
  emailNotifications: z.boolean(),
  maxUsers: z.number().int().min(1),
  maxCourses: z.number().int().min(1),
  sessionTimeout: z.number().int().min(5).max(43200),
  backupFrequency: z.enum(BACKUP_FREQUENCIES),
  /** Instructors may publish and unpublish their own courses; when off they submit them for review (issue 9). */
  instructorsMayPublish: z.boolean(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = {
  siteName: "LearnHub",
  maintenanceMode: false,
  registrationEnabled: true,
  maxFileSize: 100,
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
export const SETTINGS_MESSAGES = { updated: "System settings updated" } as const;
