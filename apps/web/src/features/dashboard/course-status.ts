import type { EnrolledCourse } from "@lms/contract";

/** How long an enrollment may run before slow progress puts it at risk. */
export const AT_RISK_AFTER_DAYS = 14;
/** Progress below this share (in percent) after that time means the course is at risk. */
export const AT_RISK_BELOW_PERCENT = 25;

const DAY_MS = 24 * 60 * 60 * 1000;

export const isComplete = (course: EnrolledCourse): boolean =>
  course.enrollment.status === "completed" || course.progress.percentage >= 100;

/**
 * At risk: not complete, enrolled more than 14 days ago, and still under 25% progress.
 * A learner who keeps going is fine; one who enrolled and stalled early is flagged.
 */
export function isAtRisk(course: EnrolledCourse, now: number): boolean {
  if (isComplete(course)) return false;
  const enrolledFor = now - Date.parse(course.enrollment.enrolledAt);
  return enrolledFor > AT_RISK_AFTER_DAYS * DAY_MS && course.progress.percentage < AT_RISK_BELOW_PERCENT;
}

export interface CourseStatusCounts {
  complete: number;
  incomplete: number;
  atRisk: number;
}

export function countStatuses(courses: EnrolledCourse[], now: number): CourseStatusCounts {
  const complete = courses.filter(isComplete).length;
  return {
    complete,
    incomplete: courses.length - complete,
    atRisk: courses.filter((course) => isAtRisk(course, now)).length,
  };
}

/** Continue Learning: unfinished courses first, each group in the api's most-recently-used order. */
export function coursesToContinue(courses: EnrolledCourse[], count: number): EnrolledCourse[] {
  return [...courses.filter((c) => !isComplete(c)), ...courses.filter(isComplete)].slice(0, count);
}
