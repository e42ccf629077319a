import type { GradebookColumn, GradebookRow } from "@lms/contract";
import type { ActivityReportRow, CourseReportRow, EnrollmentReportRow, SessionReportRow } from "./repo.js";

/** The columns of each report (the users report reuses the user export's, see users-csv.ts). */
export const COURSES_HEADER = [
  "Code",
  "Title",
  "Category",
  "Instructor",
  "Instructor email",
  "Published",
  "Price (credits)",
  "Difficulty",
  "Enrollments",
  "Completions",
  "Average rating",
  "Created",
];
export const ENROLLMENTS_HEADER = [
  "Enrolled",
  "Learner",
  "Email",
  "Role",
  "Course code",
  "Course",
  "Status",
  "Progress (%)",
  "Completed",
  "Last accessed",
];
export const ACTIVITY_HEADER = [
  "Date",
  "User",
  "Email",
  "Role",
  "Type",
  "Title",
  "Description",
  "Course code",
  "Course",
];
export const SESSIONS_HEADER = [
  "Session",
  "Course code",
  "Course",
  "Scheduled",
  "Duration (min)",
  "Status",
  "Type",
  "Enrolled learners",
  "Attendees",
  "Attendance (%)",
  "Average minutes present",
];
export const GRADES_HEADER = [
  "Course code",
  "Course",
  "Learner",
  "Email",
  "Assessment",
  "Type",
  "Points possible",
  "Score",
  "Percent",
  "Late",
  "Missing",
  "Needs grading",
  "Course grade (%)",
];

const blank = (value: string | number | null | undefined) => value ?? "";
const yesNo = (flag: boolean | number) => (flag ? "yes" : "no");
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export const courseRecord = (c: CourseReportRow) => [
  c.course_code,
  c.title,
  blank(c.category),
  blank(c.instructor),
  blank(c.instructor_email),
  yesNo(c.published),
  c.price_credits,
  c.difficulty,
  c.enrollment_count,
  c.completion_count,
  c.rating_count > 0 ? oneDecimal(c.rating_sum / c.rating_count) : "",
  c.created_at,
];

export const enrollmentRecord = (e: EnrollmentReportRow) => [
  e.enrolled_at,
  e.name,
  e.email,
  e.role,
  e.course_code,
  e.title,
  e.status,
  e.progress,
  blank(e.completed_at),
  blank(e.last_accessed_at),
];

export const activityRecord = (a: ActivityReportRow) => [
  a.created_at,
  blank(a.user_name),
  blank(a.email),
  blank(a.role),
  a.type,
  a.title,
  blank(a.description),
  blank(a.course_code),
  blank(a.course_title),
];

export function sessionRecord(s: SessionReportRow, attendance: { attendees: number; seconds: number } | undefined) {
  const attendees = attendance?.attendees ?? 0;
  return [
    s.title,
    s.course_code,
    s.course_title,
    s.scheduled_at,
    s.duration,
    s.status,
    s.type,
    s.enrollment_count,
    attendees,
    s.enrollment_count > 0 ? oneDecimal((100 * attendees) / s.enrollment_count) : "",
    attendees > 0 ? oneDecimal((attendance?.seconds ?? 0) / attendees / 60) : "",
  ];
}

/** One record per assessment of the learner's gradebook row, each with the row's course grade. */
export function gradeRecords(
  course: { course_code: string; title: string },
  columns: readonly GradebookColumn[],
  row: GradebookRow,
) {
  return columns.map((column, i) => {
    const cell = row.cells[i];
    return [
      course.course_code,
      course.title,
      row.learner.name,
      row.learner.email,
      column.title,
      column.type,
      column.totalPoints,
      blank(cell.score),
      blank(cell.percent),
      yesNo(cell.late),
      yesNo(cell.missing),
      yesNo(cell.needsGrading),
      blank(row.grade),
    ];
  });
}
