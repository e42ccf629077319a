import { useStudents } from "@/api/enrollments";
import { AddStudents } from "./AddStudents";
import { EnrolledStudents } from "./EnrolledStudents";

/** Spec §2 Batch (admins): the course's students, and everyone else to add. */
export function BatchTab({ courseId }: { courseId: string }) {
  const students = useStudents(courseId);
  const enrolledIds = new Set(students.data?.students.map((s) => s._id));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <EnrolledStudents courseId={courseId} students={students} />
      <AddStudents courseId={courseId} enrolledIds={enrolledIds} ready={students.isSuccess} />
    </div>
  );
}
