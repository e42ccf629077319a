import { ASSESSMENT_WORKSPACE_MESSAGES } from "./assessment-workspace.js";
import { ASSESSMENT_MESSAGES } from "./assessments.js";
import { BACKUP_MESSAGES } from "./backups.js";
import { CERTIFICATE_MESSAGES } from "./certificates.js";
import { CC_MESSAGES } from "./common-cartridge.js";
import { CONTENT_MESSAGES } from "./content.js";
import { CONVERSATION_MESSAGES } from "./conversations.js";
import { ANALYTICS_MESSAGES } from "./course-analytics.js";
import { COURSE_COPY_MESSAGES } from "./course-copy.js";
import { REVIEW_MESSAGES } from "./course-review.js";
import { CREDIT_MESSAGES } from "./credits.js";
import { DISCUSSION_MESSAGES } from "./discussions.js";
import { GRADEBOOK_MESSAGES } from "./gradebook.js";
import { JOB_MESSAGES } from "./jobs.js";
import { LIVE_MESSAGES } from "./live.js";
import { LTI_MESSAGES } from "./lti.js";
import { MESSAGES } from "./messages.js";
import { NOTE_MESSAGES } from "./note-limits.js";
import { NOTIFICATION_MESSAGES } from "./notifications.js";
import { PREFERENCE_MESSAGES } from "./preference-constants.js";
import { PROFILE_MESSAGES } from "./profile.js";
import { QTI_MESSAGES } from "./qti.js";
import { REPORT_MESSAGES } from "./reports.js";
import { SCORM_MESSAGES } from "./scorm.js";
import { SESSION_MESSAGES } from "./session-messages.js";
import { SETTINGS_MESSAGES } from "./settings-constants.js";
import { STORAGE_SWEEP_MESSAGES } from "./storage-sweep.js";
import { TWO_FACTOR_MESSAGES } from "./two-factor-messages.js";
import { USER_ADMIN_MESSAGES } from "./user-admin.js";
import { USER_IMPORT_MESSAGES } from "./user-import.js";

/**
 * Every message group the api and the web share, by name: each message's `code` is this name and its
 * key ("MESSAGES.courseNotFound"). The api sends it next to the English text of a failure so a
 * client may show the message in its own language; the web's English catalogue holds these groups'
 * texts verbatim.
 */
export const MESSAGE_CATALOGUE = {
  ANALYTICS_MESSAGES,
  ASSESSMENT_MESSAGES,
  ASSESSMENT_WORKSPACE_MESSAGES,
  BACKUP_MESSAGES,
  CC_MESSAGES,
  CERTIFICATE_MESSAGES,
  CONTENT_MESSAGES,
  CONVERSATION_MESSAGES,
  COURSE_COPY_MESSAGES,
  CREDIT_MESSAGES,
  DISCUSSION_MESSAGES,
  GRADEBOOK_MESSAGES,
  JOB_MESSAGES,
  LIVE_MESSAGES,
  LTI_MESSAGES,
  MESSAGES,
  NOTE_MESSAGES,
  NOTIFICATION_MESSAGES,
  PREFERENCE_MESSAGES,
  PROFILE_MESSAGES,
  QTI_MESSAGES,
  REPORT_MESSAGES,
  REVIEW_MESSAGES,
  SCORM_MESSAGES,
  SESSION_MESSAGES,
  SETTINGS_MESSAGES,
  STORAGE_SWEEP_MESSAGES,
  TWO_FACTOR_MESSAGES,
  USER_ADMIN_MESSAGES,
  USER_IMPORT_MESSAGES,
} as const;
