import type activity from "../locales/en/activity.json";
import type auth from "../locales/en/auth.json";
import type common from "../locales/en/common.json";
import type courseAnalytics from "../locales/en/course-analytics.json";
import type courseDetail from "../locales/en/course-detail.json";
import type courses from "../locales/en/courses.json";
import type dashboard from "../locales/en/dashboard.json";
import type grading from "../locales/en/grading.json";
import type home from "../locales/en/home.json";
import type instructorAssessments from "../locales/en/instructor-assessments.json";
import type lessonViewer from "../locales/en/lesson-viewer.json";
import type maintenance from "../locales/en/maintenance.json";
import type materials from "../locales/en/materials.json";
import type messages from "../locales/en/messages.json";
import type notFound from "../locales/en/not-found.json";
import type notifications from "../locales/en/notifications.json";
import type profile from "../locales/en/profile.json";
import type reviews from "../locales/en/reviews.json";
import type sessions from "../locales/en/sessions.json";
import type settings from "../locales/en/settings.json";
import type takeAssessment from "../locales/en/take-assessment.json";
import type users from "../locales/en/users.json";

/** The English catalogues' shapes: every `t()` key is checked against them at compile time. */
export interface Resources {
  activity: typeof activity;
  auth: typeof auth;
  common: typeof common;
  "course-analytics": typeof courseAnalytics;
  "course-detail": typeof courseDetail;
  courses: typeof courses;
  dashboard: typeof dashboard;
  grading: typeof grading;
  home: typeof home;
  "instructor-assessments": typeof instructorAssessments;
  "lesson-viewer": typeof lessonViewer;
  maintenance: typeof maintenance;
  materials: typeof materials;
  messages: typeof messages;
  "not-found": typeof notFound;
  notifications: typeof notifications;
  profile: typeof profile;
  reviews: typeof reviews;
  sessions: typeof sessions;
  settings: typeof settings;
  "take-assessment": typeof takeAssessment;
  users: typeof users;
}
