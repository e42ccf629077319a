import { messageGroup } from "./catalogued-message.js";
import type { SystemSettings } from "./settings.js";

// Kept apart from the schemas (no zod here), so the web app's first load can use them without zod.

export const SETTINGS_LIMITS = {
  siteNameMax: 100,
  maxFileSizeMax: 10240,
  fileTypesMax: 100,
  sessionTimeoutMin: 5,
  sessionTimeoutMax: 43200,
  startingCreditsMax: 1_000_000,
} as const;

export const SETTINGS_MESSAGES = messageGroup("SETTINGS_MESSAGES", {
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
  startingCredits: `Starting credits must be a whole number from 0 to ${SETTINGS_LIMITS.startingCreditsMax}`,
});

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
  requireTwoFactorForAdmins: false,
  startingCredits: 0,
};
