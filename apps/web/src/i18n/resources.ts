import type activity from "../locales/en/activity.json";
import type auth from "../locales/en/auth.json";
import type common from "../locales/en/common.json";
import type courseDetail from "../locales/en/course-detail.json";
import type courses from "../locales/en/courses.json";
import type home from "../locales/en/home.json";
import type lessonViewer from "../locales/en/lesson-viewer.json";
import type maintenance from "../locales/en/maintenance.json";
import type materials from "../locales/en/materials.json";
import type messages from "../locales/en/messages.json";
import type notFound from "../locales/en/not-found.json";
import type profile from "../locales/en/profile.json";
import type reviews from "../locales/en/reviews.json";
import type settings from "../locales/en/settings.json";
import type users from "../locales/en/users.json";

/** The English catalogues' shapes: every `t()` key is checked against them at compile time. */
export interface Resources {
  activity: typeof activity;
  auth: typeof auth;
  common: typeof common;
  "course-detail": typeof courseDetail;
  courses: typeof courses;
  home: typeof home;
  "lesson-viewer": typeof lessonViewer;
  maintenance: typeof maintenance;
  materials: typeof materials;
  messages: typeof messages;
  "not-found": typeof notFound;
  profile: typeof profile;
  reviews: typeof reviews;
  settings: typeof settings;
  users: typeof users;
}
