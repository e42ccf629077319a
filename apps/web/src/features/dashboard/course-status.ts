import { type EnrolledCourse, isAtRisk as enrollmentAtRisk } from "@lms/contract";

export const isComplete = (course: EnrolledCourse): boolean =>
  course.enrollment.status === "completed" || course.progress.percentage >= 100;

/** The contract's at-risk rule (shared with the instructor's students list) applied to one enrolled course. */
export const isAtRisk = (course: EnrolledCourse, now: number): boolean =>
  enrollmentAtRisk(
    { completed: isComplete(course), progress: course.progress.percentage, enrolledAt: course.enrollment.enrolledAt },
    now,
  );

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
