export const ROLES = ["learner", "instructor", "admin", "super_admin"] as const;
export const USER_STATUSES = ["active", "inactive", "suspended"] as const;
export const DIFFICULTIES = ["beginner", "intermediate", "advanced"] as const;
export const LANGUAGES = ["en", "es", "fr", "de", "hi", "zh"] as const;
export const BACKUP_FREQUENCIES = ["hourly", "daily", "weekly", "monthly"] as const;
export const THEMES = ["light", "dark", "system"] as const;

export const STORAGE_KEYS = {
  token: "token",
  refreshToken: "refreshToken",
  theme: "theme",
  preferences: "preferences",
} as const;

export const LIMITS = {
  nameMin: 2,
  nameMax: 50,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  resetPasswordMin: 6,
  homeCourses: 6,
  pageSizeMax: 100,
  pageSizeDefault: 20,
  accessTokenMinutes: 15,
  resetTokenMinutes: 60,
  shortDescriptionMin: 10,
  shortDescriptionMax: 200,
  courseDurationMin: 1,
  continueLearning: 3,
  instructorLookup: 100,
  enrollmentBatchMax: 500,
  categoryNameMax: 50,
} as const;

/** Ids are 24 hexadecimal characters in either case (spec §8); the schemas lower-case them, as they are stored. */
export const OBJECT_ID_PATTERN = /^[0-9a-fA-F]{24}$/;

/** Spec §9: user lists (user management, the course Batch tab). */
export const USER_PAGE_SIZE_DEFAULT = 10;
export const USER_SEARCH_DEBOUNCE_MS = 500;
