import { COURSE_ICON_COLORS, COURSE_ICONS, type CourseIcon } from "@lms/contract";

/** Words in a category's name that pick its courses' icon; the first match wins. */
const ICON_WORDS: [RegExp, CourseIcon][] = [
  [/develop|program|code|software|web/i, "code"],
  [/data|analytic|statistic/i, "chart-column"],
  [/market|sales/i, "megaphone"],
  [/design|art|photo/i, "palette"],
  [/business|manage|financ/i, "briefcase"],
  [/language/i, "languages"],
  [/science|chemi|physic|biolog/i, "flask-conical"],
];

/** A course's `icon` and `iconColor` in learner lists (spec §3): by its category, and a colour fixed by its id. */
export function courseIcon(course: { id: string; category_name: string | null }) {
  const name = course.category_name ?? "";
  const icon = ICON_WORDS.find(([words]) => words.test(name))?.[1] ?? COURSE_ICONS[0];
  let hash = 0;
  for (const char of course.id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return { icon, iconColor: COURSE_ICON_COLORS[hash % COURSE_ICON_COLORS.length] as string };
}
