import type { Pagination, Student } from "@lms/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { UserMinus, Users } from "lucide-react";
import { toast } from "sonner";
import { useRemoveStudent } from "@/api/enrollments";
import { messageOf } from "@/api/errors";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { UserAvatar } from "@/components/UserAvatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { COURSE_UI } from "@/lib/course-messages";
import { formatDate } from "@/lib/format";

interface EnrolledStudentsProps {
  courseId: string;
  students: UseQueryResult<{ students: Student[]; pagination: Pagination }>;
}

export function EnrolledStudents({ courseId, students }: EnrolledStudentsProps) {
  const remove = useRemoveStudent(courseId);
  const list = students.data?.students;

  const removeOne = (student: Student) =>
    remove.mutate(student._id, {
      onSuccess: (message) => toast.success(message ?? COURSE_UI.successTitle),
      onError: (error) =>
        toast.error(COURSE_UI.errorTitle, { description: messageOf(error, COURSE_UI.removeStudentFailed) }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Enrolled students</CardTitle>
        <CardDescription>
          {students.data ? `${students.data.pagination.total} in this course` : "Users enrolled in this course."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {students.isError ? (
          <ErrorState title="We couldn't load the students" onRetry={() => void students.refetch()} />
        ) : !list ? (
          <div className="flex justify-center py-6">
            <Spinner className="size-6" label="Loading students" />
          </div>
        ) : list.length === 0 ? (
          <EmptyState icon={Users} title="No students yet" description="Add users from the list to enroll them." />
        ) : (
          <ul aria-label="Enrolled students" className="grid gap-2">
            {list.map((student) => (
              <li key={student._id} className="flex items-center gap-3 rounded-lg border p-3">
                <UserAvatar user={{ name: student.name, profile: { avatar: student.avatar } }} />
                <div className="grid min-w-0 flex-1">
                  <span className="truncate font-medium">{student.name}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {student.email} · {student.progress}% · since {formatDate(student.enrolledAt)}
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending && remove.variables === student._id}
                  onClick={() => removeOne(student)}
                  aria-label={`Remove ${student.name}`}
                >
                  <UserMinus aria-hidden="true" />
                  <span className="sr-only sm:not-sr-only">Remove</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
