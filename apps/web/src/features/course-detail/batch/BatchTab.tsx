import { AddStudents } from "./AddStudents";
import { EnrolledStudents } from "./EnrolledStudents";

/** Spec §2 Batch (admins): the course's students, and everyone else to add; both paged and searched on the server. */
export function BatchTab({ courseId }: { courseId: string }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <EnrolledStudents courseId={courseId} />
      <AddStudents courseId={courseId} />
    </div>
  );
}
