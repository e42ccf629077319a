import { MESSAGES } from "@lms/contract";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { messageOf } from "@/api/errors";
import { useDeleteCourse } from "@/api/managed-courses";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { COURSE_UI } from "@/lib/course-messages";

export function DangerZone({ courseId }: { courseId: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteCourse("/admin", courseId);

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: (message) => {
        toast.success(message ?? MESSAGES.courseDeleted);
        setOpen(false);
        navigate("/courses", { replace: true });
      },
      onError: (error) =>
        toast.error(COURSE_UI.errorTitle, { description: messageOf(error, COURSE_UI.deleteCourseFailed) }),
    });

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-lg text-destructive">Danger Zone</CardTitle>
        <CardDescription>Deleting a course removes its modules, lessons, files and enrollments.</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
          <Button variant="destructive" onClick={() => setOpen(true)}>
            <Trash2 aria-hidden="true" />
            Delete Course
          </Button>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete Course</AlertDialogTitle>
              <AlertDialogDescription>{MESSAGES.deleteCourseConfirm}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
              <AlertDialogConfirm variant="destructive" onClick={confirm} disabled={remove.isPending}>
                {remove.isPending && <Spinner />}
                Delete
              </AlertDialogConfirm>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
