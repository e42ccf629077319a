/** The icons a course can carry in learner lists (spec §3 `icon`), as lucide icon names. */
export const COURSE_ICONS = [
  "book-open",
  "code",
  "chart-column",
  "megaphone",
  "palette",
  "briefcase",
  "languages",
  "flask-conical",
] as const;
export type CourseIcon = (typeof COURSE_ICONS)[number];

/** The colours an icon can take (spec §3 `iconColor`). */
export const COURSE_ICON_COLORS = [
  "#2563eb",
  "#7c3aed",
  "#db2777",
  "#ea580c",
  "#0d9488",
  "#65a30d",
  "#0891b2",
  "#9333ea",
] as const;
