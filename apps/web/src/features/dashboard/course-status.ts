import type { EnrolledCourse } from "@lms/contract";

export const isComplete = (course: EnrolledCourse): boolean =>
  course.enrollment.status === "completed" || course.progress.percentage >= 100;

export interface CourseStatusCounts {
  complete: number;
  incomplete: number;
}

export function countStatuses(courses: EnrolledCourse[]): CourseStatusCounts {
  const complete = courses.filter(isComplete).length;
  return { complete, incomplete: courses.length - complete };
}

/** Continue Learning: unfinished courses first, each group in the api's most-recently-used order. */
export function coursesToContinue(courses: EnrolledCourse[], count: number): EnrolledCourse[] {
  return [...courses.filter((c) => !isComplete(c)), ...courses.filter(isComplete)].slice(0, count);
}
