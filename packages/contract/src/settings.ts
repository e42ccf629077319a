import { z } from "zod";
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
};
