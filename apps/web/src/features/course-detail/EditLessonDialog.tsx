import { zodResolver } from "@hookform/resolvers/zod";
import { type Lesson, lessonCreateSchema } from "@lms/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { useUpdateLesson } from "@/api/content";
import { messageOf } from "@/api/errors";
import type { CourseArea } from "@/auth/roles";
import { errorId, FormField } from "@/components/FormField";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { COURSE_UI } from "@/lib/course-messages";

const lessonSchema = z.object({
  title: lessonCreateSchema.shape.title,
  description: z.string().trim(),
  isPublished: z.boolean(),
});
type LessonValues = z.infer<typeof lessonSchema>;

interface EditLessonDialogProps {
  area: CourseArea;
  courseId: string;
  moduleId: string;
  lesson: Lesson;
  onClose: () => void;
}

/** Title, description and whether learners see the lesson (Published or Draft). */
export function EditLessonDialog({ area, courseId, moduleId, lesson, onClose }: EditLessonDialogProps) {
  const id = useId();
  const update = useUpdateLesson(area, courseId);
  const form = useForm<LessonValues>({
    resolver: zodResolver(lessonSchema),
    defaultValues: { title: lesson.title, description: lesson.description, isPublished: lesson.isPublished },
  });
  const { errors } = form.formState;
  const busy = update.isPending;

  const submit = form.handleSubmit((input) =>
    update.mutate(
      { moduleId, lessonId: lesson._id, input },
      {
        onSuccess: () => {
          toast.success("Lesson updated successfully.");
          onClose();
        },
        onError: (error) =>
          toast.error(COURSE_UI.errorTitle, { description: messageOf(error, "Failed to update the lesson.") }),
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Lesson</DialogTitle>
          <DialogDescription>Draft lessons are hidden from learners.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id={`${id}-title`} label="Title" error={errors.title?.message}>
            <Input
              id={`${id}-title`}
              disabled={busy}
              aria-invalid={!!errors.title}
              aria-describedby={errors.title ? errorId(`${id}-title`) : undefined}
              {...form.register("title")}
            />
          </FormField>
          <FormField id={`${id}-description`} label="Description">
            <Textarea id={`${id}-description`} rows={3} disabled={busy} {...form.register("description")} />
          </FormField>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              disabled={busy}
              {...form.register("isPublished")}
            />
            Published
          </label>
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy && <Spinner />}
              Save Changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
