import type { Generated } from "kysely";
import type { ConversationTables } from "./conversation-tables.js";
import type { CourseFigureTables } from "./course-figure-tables.js";
import type { DiscussionTables } from "./discussion-tables.js";
import type { GradebookTables } from "./gradebook-tables.js";
import type { XapiTables } from "./xapi-tables.js";

/** Booleans are stored as integers 0/1 so SQLite and PostgreSQL behave the same. */
export type Flag = number;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: string;
  status: string;
  credits: number;
  email_verified: Flag;
  last_login: string | null;
  bio: string | null;
  location: string | null;
  phone: string | null;
  website: string | null;
  avatar: string | null;
  created_at: string;
  updated_at: string;
  /** Access tokens issued before this moment are refused (set by a password change or reset). */
  sessions_valid_after: string | null;
}

export interface UserImportsTable {
  id: string;
  admin_id: string | null;
  status: string;
  total: number;
  created: number;
  enrolled: number;
  invited: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  heartbeat_at: string | null;
  /** Rows the running import has prepared, as its process last wrote them. */
  processed: number;
}

export interface UserTwoFactorTable {
  user_id: string;
  /** The TOTP secret, encrypted (see auth/secret-box.ts). */
  secret: string;
  enabled_at: string | null;
  last_step: number | null;
  created_at: string;
}

export interface TwoFactorRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

export interface TwoFactorChallengesTable {
  id: string;
  user_id: string;
  token_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SignInFailuresTable {
  user_id: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

export interface CreditRequestsTable {
  id: string;
  user_id: string;
  course_id: string;
  message: string | null;
  status: "open" | "granted" | "dismissed";
  granted_amount: number | null;
  closed_by: string | null;
  created_at: string;
  closed_at: string | null;
}

export interface CertificatesTable {
  id: string;
  user_id: string;
  /** Null once the course is deleted: the certificate stays valid. */
  course_id: string | null;
  learner_name: string;
  course_title: string;
  instructor_name: string | null;
  issued_at: string;
  /** The signed Open Badges credential (VC-JWT), made on first use. */
  credential: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
  revoked_by: string | null;
}

export interface SigningKeysTable {
  id: string;
  kid: string;
  public_jwk: string;
  /** Sealed with the app secret (auth/secret-box.ts). */
  private_jwk: string;
  created_at: string;
}

export interface UserPreferencesTable {
  user_id: string;
  /** A JSON document of the contract's preferencesSchema. */
  data: string;
  updated_at: string;
}

export interface UserAvatarsTable {
  user_id: string;
  storage_key: string;
  mime: string;
  updated_at: string;
}

export interface CoursePicturesTable {
  course_id: string;
  storage_key: string;
  mime: string;
  updated_at: string;
}

/** A question image uploaded before its question was saved; the save moves it onto the question. */
export interface PendingQuestionImagesTable {
  id: string;
  course_id: string;
  uploaded_by: string;
  storage_key: string;
  mime: string;
  created_at: string;
}

export interface EmailChangeTokensTable {
  id: string;
  user_id: string;
  new_email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

/** Access tokens ended by sign-out before their expiry (by `jti`), kept until they expire. */
export interface RevokedAccessTokensTable {
  jti: string;
  expires_at: string;
}

export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** "reset" (forgot password) or "invite" (set-password link of an invitation, migration 043). */
  purpose: Generated<string>;
}

export interface CategoriesTable {
  id: string;
  name: string;
  created_at: string;
}

export interface CoursesTable {
  id: string;
  title: string;
  course_code: string;
  description: string;
  short_description: string;
  category_id: string | null;
  instructor_id: string | null;
  price_credits: number;
  difficulty: string;
  duration: number;
  language: string;
  tags: string;
  requirements: string;
  learning_outcomes: string;
  thumbnail: string | null;
  published: Flag;
  enrollment_count: number;
  completion_count: number;
  rating_count: number;
  rating_sum: number;
  created_at: string;
  updated_at: string;
  /** The completion rule: whether passing the published required assessments is part of it (migration 041). */
  completion_requires_assessments: Flag;
  /** Whether its learners may message each other (migration 052, default 0): off unless its managers turn it on. */
  learner_messages?: Flag;
}

export interface EnrollmentsTable {
  id: string;
  user_id: string;
  course_id: string;
  status: string;
  progress: number;
  rating: number | null;
  enrolled_at: string;
  completed_at: string | null;
  last_accessed_at: string | null;
  last_lesson_id: string | null;
}

export interface SystemSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface ActivitiesTable {
  id: string;
  user_id: string | null;
  type: string;
  title: string;
  description: string | null;
  course_id: string | null;
  metadata: string | null;
  ip: string | null;
  /** Snapshots taken when the entry is written (migration 032), kept after renames and deletions. */
  user_name: string | null;
  user_email: string | null;
  user_role: string | null;
  course_title: string | null;
  course_code: string | null;
  created_at: string;
}

/** Counts per UTC hour, day and month (migration 029), kept in the transaction of the counted action. */
export interface DailyRollupsTable {
  metric: string;
  period: "hour" | "day" | "month";
  bucket: string;
  value: number;
}

/** Totals of users, courses and enrollments (migration 029), kept by triggers on insert and delete. */
export interface PlatformCountersTable {
  name: string;
  value: number;
}

/** Published courses in all (scope '*') and per category ('c:' + id), kept by triggers (migration 034). */
export interface CatalogueCountsTable {
  scope: string;
  count: number;
}

/**
 * Entries per day and type, for one user (scope = user id), everyone (scope '*') or one role at the
 * time of writing ('@' + role); kept by triggers (032, 063).
 */
export interface ActivityDailyTable {
  scope: string;
  day: string;
  type: string;
  count: number;
}

/** Entries of all time per type, in the scopes of activity_daily; kept by the same triggers (063). */
export interface ActivityTotalsTable {
  scope: string;
  type: string;
  count: number;
}

export interface ModulesTable {
  id: string;
  course_id: string;
  title: string;
  description: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface LessonsTable {
  id: string;
  course_id: string;
  module_id: string;
  title: string;
  description: string;
  /** Sanitised rich text (HTML), "" when the lesson has none. */
  body: string;
  sort_order: number;
  is_published: Flag;
  created_at: string;
  updated_at: string;
}

export interface LessonFilesTable {
  id: string;
  course_id: string;
  lesson_id: string;
  storage_key: string;
  name: string;
  mime: string;
  kind: "video" | "resource" | "scorm" | "lti";
  size: number;
  created_at: string;
}

export interface LtiToolsTable {
  id: string;
  name: string;
  client_id: string;
  login_url: string;
  launch_url: string;
  deep_linking_url: string | null;
  jwks_url: string | null;
  public_key: string | null;
  /** JSON arrays and object. */
  deployment_ids: string;
  services: string;
  custom_parameters: string;
  created_at: string;
  updated_at: string;
}

export interface LtiPlatformKeysTable {
  kid: string;
  public_jwk: string;
  /** Sealed with the app secret. */
  private_jwk: string;
  created_at: string;
  retired_at: string | null;
}

export interface LtiLinksTable {
  id: string;
  course_id: string;
  lesson_id: string;
  file_id: string;
  tool_id: string;
  title: string;
  url: string | null;
  custom_parameters: string;
  created_at: string;
}

export interface LtiLineItemsTable {
  id: string;
  course_id: string;
  tool_id: string;
  link_id: string | null;
  label: string;
  score_maximum: number;
  resource_id: string | null;
  tag: string | null;
  created_at: string;
}

export interface LtiScoresTable {
  id: string;
  line_item_id: string;
  user_id: string;
  score_given: number | null;
  score_maximum: number | null;
  activity_progress: string;
  grading_progress: string;
  comment: string | null;
  timestamp: string;
  updated_at: string;
}

export interface LtiUsedValuesTable {
  value: string;
  expires_at: string;
}

export interface ScormPackagesTable {
  id: string;
  course_id: string;
  lesson_id: string;
  file_id: string;
  version: "1.2" | "2004";
  title: string;
  launch_path: string;
  file_count: number;
  size: number;
  created_at: string;
}

export interface ScormFilesTable {
  id: string;
  package_id: string;
  path: string;
  storage_key: string;
  mime: string;
  size: number;
}

export interface ScormAttemptsTable {
  id: string;
  package_id: string;
  user_id: string;
  /** The learner's CMI data as JSON (contract ScormCmi). */
  cmi: string;
  completion_status: string;
  success_status: string;
  score_scaled: number | null;
  updated_at: string;
}

export interface MaterialsTable {
  id: string;
  course_id: string;
  title: string;
  description: string;
  type: string;
  storage_key: string | null;
  url: string | null;
  file_name: string | null;
  mime: string | null;
  size: number | null;
  downloads: number;
  uploaded_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface AnnouncementsTable {
  id: string;
  course_id: string;
  author_id: string | null;
  title: string;
  description: string;
  content: string;
  created_at: string;
  updated_at: string;
}

export interface LessonProgressTable {
  id: string;
  user_id: string;
  course_id: string;
  lesson_id: string;
  file_id: string;
  position: number;
  duration: number;
  completed: Flag;
  viewed_at: string;
  completed_at: string | null;
}

export interface LessonNotesTable {
  id: string;
  user_id: string;
  course_id: string;
  lesson_id: string;
  content: string;
  created_at: string;
  /** The note's version: compared on save to detect an edit made on a stale copy. */
  updated_at: string;
}

export interface Database
  extends CourseFigureTables,
    DiscussionTables,
    ConversationTables,
    XapiTables,
    GradebookTables {
  users: UsersTable;
  user_avatars: UserAvatarsTable;
  course_pictures: CoursePicturesTable;
  pending_question_images: PendingQuestionImagesTable;
  user_preferences: UserPreferencesTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  sign_in_failures: SignInFailuresTable;
  credit_requests: CreditRequestsTable;
  certificates: CertificatesTable;
  signing_keys: SigningKeysTable;
  user_imports: UserImportsTable;
  email_change_tokens: EmailChangeTokensTable;
  refresh_tokens: RefreshTokensTable;
  revoked_access_tokens: RevokedAccessTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  categories: CategoriesTable;
  courses: CoursesTable;
  enrollments: EnrollmentsTable;
  system_settings: SystemSettingsTable;
  activities: ActivitiesTable;
  daily_rollups: DailyRollupsTable;
  platform_counters: PlatformCountersTable;
  catalogue_counts: CatalogueCountsTable;
  activity_daily: ActivityDailyTable;
  activity_totals: ActivityTotalsTable;
  modules: ModulesTable;
  lessons: LessonsTable;
  lesson_files: LessonFilesTable;
  scorm_packages: ScormPackagesTable;
  scorm_files: ScormFilesTable;
  scorm_attempts: ScormAttemptsTable;
  lti_tools: LtiToolsTable;
  lti_platform_keys: LtiPlatformKeysTable;
  lti_links: LtiLinksTable;
  lti_line_items: LtiLineItemsTable;
  lti_scores: LtiScoresTable;
  lti_used_values: LtiUsedValuesTable;
  materials: MaterialsTable;
  announcements: AnnouncementsTable;
  lesson_progress: LessonProgressTable;
  lesson_notes: LessonNotesTable;
  sessions: SessionsTable;
  recordings: RecordingsTable;
  session_attendance: SessionAttendanceTable;
  calendar_feeds: CalendarFeedsTable;
  course_reviews: CourseReviewsTable;
  assessments: AssessmentsTable;
  assessment_questions: AssessmentQuestionsTable;
  assessment_attempts: AssessmentAttemptsTable;
  assessment_answers: AssessmentAnswersTable;
  assessment_overrides: AssessmentOverridesTable;
  assessment_answer_files: AssessmentAnswerFilesTable;
  backups: BackupsTable;
  backup_lock: BackupLockTable;
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  outbox_jobs: OutboxJobsTable;
  learner_scores: LearnerScoresTable;
  learner_grades: LearnerGradesTable;
}

export interface SessionsTable {
  id: string;
  course_id: string;
  title: string;
  description: string;
  scheduled_at: string;
  ends_at: string;
  duration: number;
  timezone: string;
  type: string;
  location: string;
  max_participants: number | null;
  status: string;
  provider: string | null;
  meeting_id: string | null;
  meeting_data: string | null;
  ical_uid: string;
  ical_sequence: number;
  started_at: string | null;
  ended_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface RecordingsTable {
  id: string;
  session_id: string;
  title: string;
  storage_key: string | null;
  provider_url: string | null;
  provider_recording_id: string | null;
  file_name: string | null;
  mime_type: string | null;
  size: number;
  duration_seconds: number;
  view_count: number;
  recorded_at: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionAttendanceTable {
  id: string;
  session_id: string;
  user_id: string;
  joined_at: string;
  left_at: string | null;
  present_since: string | null;
  seconds: number;
}

export interface CalendarFeedsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface AssessmentsTable {
  id: string;
  course_id: string;
  title: string;
  description: string;
  type: string;
  published: Flag;
  available_from: string | null;
  due_date: string | null;
  late_submissions: string;
  late_penalty_percent: number;
  late_penalty_per: string;
  late_penalty_floor: number;
  attempts_allowed: number | null;
  scoring_rule: string;
  time_limit_minutes: number | null;
  passing_score: number | null;
  shuffle_questions: Flag;
  shuffle_options: Flag;
  show_correct_answers: string;
  question_pool_size: number | null;
  weight: number;
  total_points: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** Counted by the course's completion rule once published (migration 041). */
  required_for_completion: Flag;
}

export interface AssessmentQuestionsTable {
  id: string;
  assessment_id: string;
  position: number;
  type: string;
  text: string;
  points: number;
  /** JSON of the type's own fields (options with correct flags, correct, acceptedAnswers, value, tolerance). */
  data: string;
  /** The question's image in storage, its detected MIME type and its alt text. */
  image_key: string | null;
  image_mime: string | null;
  image_alt: string | null;
  /** Sanitised rich text shown with the question's result once released; null when none. */
  feedback: string | null;
  created_at: string;
  updated_at: string;
}

export interface AssessmentAttemptsTable {
  id: string;
  assessment_id: string;
  user_id: string;
  number: number;
  started_at: string;
  deadline_at: string | null;
  submitted_at: string | null;
  late: Flag;
  late_seconds: number;
  state: string;
  raw_score: number | null;
  penalty: number;
  score: number | null;
  max_points: number;
  /** JSON: the questions served in this attempt, frozen with their answers and points. */
  questions: string;
  graded_at: string | null;
  updated_at: string;
}

export interface AssessmentAnswersTable {
  id: string;
  attempt_id: string;
  question_id: string;
  /** JSON of the answer. */
  answer: string;
  points_awarded: number | null;
  feedback: string | null;
  graded_by: string | null;
  graded_at: string | null;
  updated_at: string;
}

/** A file uploaded as the answer to a file_upload question of an attempt. */
export interface AssessmentAnswerFilesTable {
  id: string;
  attempt_id: string;
  question_id: string;
  storage_key: string;
  file_name: string;
  mime: string;
  size: number;
  created_at: string;
}

export interface AssessmentOverridesTable {
  id: string;
  assessment_id: string;
  user_id: string;
  extra_minutes: number;
  due_date: string | null;
  extra_attempts: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export type { Generated };

/** A course's review state (issue 9); no row means never submitted or cleared by publishing. */
export interface CourseReviewsTable {
  course_id: string;
  status: "submitted" | "changes_requested";
  comment: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  reviewer_id: string | null;
  updated_at: string;
}

export interface BackupsTable {
  id: string;
  /** running | succeeded | failed */
  status: string;
  /** manual | scheduled */
  trigger: string;
  created_by: string | null;
  created_by_name: string | null;
  storage_key: string | null;
  size: number | null;
  sha256: string | null;
  tables: number | null;
  rows: number | null;
  files: number | null;
  error: string | null;
  started_at: string;
  finished_at: string | null;
  /** Set when retention removed the archive; the row stays as history. */
  removed_at: string | null;
}

/** At most one row: the backup running now, until it ends or the lock expires. */
export interface BackupLockTable {
  id: string;
  backup_id: string;
  expires_at: string;
}

export interface NotificationsTable {
  id: string;
  kind: string;
  title: string;
  message: string;
  link: string | null;
  audience: string;
  course_title: string | null;
  channels: string;
  sender_id: string | null;
  recipient_count: number;
  read_count: number;
  email_total: number;
  email_delivered: number;
  email_failed: number;
  email_skipped: number;
  created_at: string;
}

export interface NotificationRecipientsTable {
  notification_id: string;
  user_id: string;
  in_app: number;
  read_at: string | null;
  email_status: string | null;
  email_error: string | null;
}

export interface OutboxJobsTable {
  id: string;
  type: string;
  payload: string;
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  unique_key: string | null;
  lease_token: string | null;
}

/** The score that counts of an enrolled learner on a published assessment (migration 028). */
export interface LearnerScoresTable {
  course_id: string;
  user_id: string;
  assessment_id: string;
  score: number;
  possible: number;
}

/** A learner's counted scores summed over a course; grade = earned / possible (migration 028). */
export interface LearnerGradesTable {
  course_id: string;
  user_id: string;
  earned: number;
  possible: number;
  grade: number | null;
}
