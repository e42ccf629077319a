import type { Enrollment, EnrollmentCandidate, Student } from "@lms/contract";
import type { UrlSigner } from "../../storage/signed-urls.js";
import { signedAvatar } from "../profile/avatar-link.js";
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

export function presentStudent(row: StudentRow, signer: UrlSigner): Student {
  return {
    ...presentCandidate(row, signer),
    enrollmentStatus: row.enrollment_status as Student["enrollmentStatus"],
    progress: row.progress,
    rating: row.rating,
    enrolledAt: row.enrolled_at,
    completedAt: row.completed_at,
  };
}

/** For the course's staff and admins, who may see every profile: the picture link is signed. */
export function presentCandidate(row: CandidateRow, signer: UrlSigner): EnrollmentCandidate {
  const { id, name, email, role, status } = row;
  return { _id: id, name, email, role, status, avatar: signedAvatar(signer, row.avatar) };
}
