import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as m001 from "./migrations/001_foundation.js";
import * as m002 from "./migrations/002_course_content.js";
import * as m003 from "./migrations/003_sessions.js";
import * as m004 from "./migrations/004_course_order_indexes.js";
import * as m005 from "./migrations/005_enrollment_progress_index.js";
import * as m006 from "./migrations/006_lesson_notes.js";
import * as m007 from "./migrations/007_course_review.js";
import * as m008 from "./migrations/008_assessments.js";
import * as m009 from "./migrations/009_activity_user_name.js";
import * as m010 from "./migrations/010_materials_created_index.js";
import * as m011 from "./migrations/011_answer_files.js";
import * as m012 from "./migrations/012_gradebook_attempts_index.js";
import * as m014 from "./migrations/014_students_progress_indexes.js";
import * as m020 from "./migrations/020_profile.js";
import * as m022 from "./migrations/022_user_imports.js";
import * as m023 from "./migrations/023_user_search.js";
import * as m025 from "./migrations/025_user_preferences.js";
import * as m026 from "./migrations/026_two_factor.js";
import * as m027 from "./migrations/027_question_images.js";
import * as m028 from "./migrations/028_learner_scores.js";
import * as m029 from "./migrations/029_daily_rollups.js";
import * as m030 from "./migrations/030_notifications.js";
import * as m031 from "./migrations/031_backups.js";
import * as m032 from "./migrations/032_activity_log.js";
import * as m033 from "./migrations/033_job_queue.js";
import * as m034 from "./migrations/034_catalogue_counts.js";
import * as m035 from "./migrations/035_import_progress.js";
import * as m036 from "./migrations/036_activity_order_indexes.js";
import * as m037 from "./migrations/037_revoked_access_tokens.js";
import * as m038 from "./migrations/038_sign_in_failures.js";
import * as m041 from "./migrations/041_completion_rule.js";
import * as m043 from "./migrations/043_invitation_tokens.js";
import * as m044 from "./migrations/044_credit_requests.js";
import * as m046 from "./migrations/046_lesson_body.js";
import * as m047 from "./migrations/047_course_pictures_and_pending_images.js";
import * as m050 from "./migrations/050_discussions.js";
import * as m051 from "./migrations/051_certificates.js";
import * as m052 from "./migrations/052_conversations.js";
import * as m053 from "./migrations/053_discussion_counts.js";
import * as m056 from "./migrations/056_scorm_packages.js";
import * as m057 from "./migrations/057_xapi_statements.js";
import * as m058 from "./migrations/058_lti.js";
import * as m059 from "./migrations/059_question_feedback.js";
import * as m060 from "./migrations/060_gradebook_rows.js";
import * as m061 from "./migrations/061_course_figures.js";
import * as m063 from "./migrations/063_activity_stored_counts.js";
import * as m064 from "./migrations/064_gradebook_shared_part.js";
import * as m066 from "./migrations/066_attempts_handed_in_index.js";
import * as m068 from "./migrations/068_users_newest_first_index.js";
import * as m069 from "./migrations/069_learner_missing_work.js";

/** Migrations are listed in code so the built server needs no directory scan. */
const migrations: Record<string, Migration> = {
  "001_foundation": m001,
  "002_course_content": m002,
  "003_sessions": m003,
  "004_course_order_indexes": m004,
  "005_enrollment_progress_index": m005,
  "006_lesson_notes": m006,
  "007_course_review": m007,
  "008_assessments": m008,
  "009_activity_user_name": m009,
  "010_materials_created_index": m010,
  "011_answer_files": m011,
  "012_gradebook_attempts_index": m012,
  "014_students_progress_indexes": m014,
  "020_profile": m020,
  "022_user_imports": m022,
  "023_user_search": m023,
  "025_user_preferences": m025,
  "026_two_factor": m026,
  "027_question_images": m027,
  "028_learner_scores": m028,
  "029_daily_rollups": m029,
  "030_notifications": m030,
  "031_backups": m031,
  "032_activity_log": m032,
  "033_job_queue": m033,
  "034_catalogue_counts": m034,
  "035_import_progress": m035,
  "036_activity_order_indexes": m036,
  "037_revoked_access_tokens": m037,
  "038_sign_in_failures": m038,
  "041_completion_rule": m041,
  "043_invitation_tokens": m043,
  "044_credit_requests": m044,
  "046_lesson_body": m046,
  "047_course_pictures_and_pending_images": m047,
  "050_discussions": m050,
  "051_certificates": m051,
  "052_conversations": m052,
  "053_discussion_counts": m053,
  "056_scorm_packages": m056,
  "057_xapi_statements": m057,
  "058_lti": m058,
  "059_question_feedback": m059,
  "060_gradebook_rows": m060,
  "061_course_figures": m061,
  "063_activity_stored_counts": m063,
  "064_gradebook_shared_part": m064,
  "066_attempts_handed_in_index": m066,
  "068_users_newest_first_index": m068,
  "069_learner_missing_work": m069,
};

/** Whether this code knows a migration of that name (a restore refuses an archive from a newer version). */
export const knowsMigration = (name: string): boolean => name in migrations;

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema` names the PostgreSQL schema that holds the migration bookkeeping tables; without it
 * Kysely takes such tables in any schema as its own (several test schemas run side by side).
 */
export async function migrateToLatest(db: Kysely<any>, options: { schema?: string } = {}): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableSchema: options.schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
