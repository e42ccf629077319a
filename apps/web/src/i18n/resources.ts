import type common from "../locales/en/common.json";
import type courseAnalytics from "../locales/en/course-analytics.json";
import type dashboard from "../locales/en/dashboard.json";
import type grading from "../locales/en/grading.json";
import type instructorAssessments from "../locales/en/instructor-assessments.json";
import type messages from "../locales/en/messages.json";
import type notifications from "../locales/en/notifications.json";
import type sessions from "../locales/en/sessions.json";
import type takeAssessment from "../locales/en/take-assessment.json";

/** The English catalogues' shapes: every `t()` key is checked against them at compile time. */
export interface Resources {
  common: typeof common;
  "course-analytics": typeof courseAnalytics;
  dashboard: typeof dashboard;
  grading: typeof grading;
  "instructor-assessments": typeof instructorAssessments;
  messages: typeof messages;
  notifications: typeof notifications;
  sessions: typeof sessions;
  "take-assessment": typeof takeAssessment;
}
