import type { Enrollment, EnrollmentCandidate, Student } from "@lms/contract";
import type { CandidateRow, EnrollmentRow, StudentRow } from "./repo.js";

export function presentEnrollment(row: EnrollmentRow): Enrollment {
  return {
    courseId: row.course_id,
    status: row.status as Enrollment["status"],
    progress: row.progress,
    rating: row.rating,
    enrolledAt: row.enrolled_at,
    completedAt: row.completed_at,
    lastAccessedAt: row.last_accessed_at,
  };
}

export function presentStudent(row: StudentRow): Student {
  return {
    ...presentCandidate(row),
    enrollmentStatus: row.enrollment_status as Student["enrollmentStatus"],
    progress: row.progress,
    rating: row.rating,
    enrolledAt: row.enrolled_at,
    completedAt: row.completed_at,
  };
}

export function presentCandidate(row: CandidateRow): EnrollmentCandidate {
  return { _id: row.id, name: row.name, email: row.email, role: row.role, status: row.status, avatar: row.avatar };
}
