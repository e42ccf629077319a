/**
 * Every column that holds a key of the uploads storage. Deletes (storage/discard.ts) and the orphan
 * sweep (modules/storage-sweep) both read this list, and a test fails when a column whose name ends
 * in "key" is in neither list below, so a new kind of file cannot be forgotten silently.
 */
export const FILE_KEY_COLUMNS = [
  { table: "user_avatars", column: "storage_key" },
  { table: "lesson_files", column: "storage_key" },
  { table: "scorm_files", column: "storage_key" },
  { table: "materials", column: "storage_key" },
  { table: "recordings", column: "storage_key" },
  { table: "assessment_questions", column: "image_key" },
  { table: "assessment_answer_files", column: "storage_key" },
  { table: "course_pictures", column: "storage_key" },
  { table: "pending_question_images", column: "storage_key" },
] as const;

/**
 * Text columns that hold upload keys inside JSON: an attempt freezes its questions, their images'
 * keys included, so a question's image stays while an attempt still shows it. Only keys under
 * `keyPrefix` can be in them (each such key is looked for with a LIKE over the table).
 */
export const FILE_KEY_JSON_COLUMNS = [
  { table: "assessment_attempts", column: "questions", keyPrefix: "question-images/" },
] as const;

/** Columns named like a key that hold no key of the uploads storage, and why. */
export const NOT_UPLOAD_KEY_COLUMNS = [
  // Backup archives live in their own storage (DATA_DIR/backups or the bucket's backups/ prefix).
  { table: "backups", column: "storage_key" },
  // The job queue's de-duplication key (one recurring run per period).
  { table: "outbox_jobs", column: "unique_key" },
  // Setting names.
  { table: "system_settings", column: "key" },
  // An LTI tool's RSA public key (PEM or JWK text), not a file.
  { table: "lti_tools", column: "public_key" },
] as const;
