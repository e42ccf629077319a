import { type Lesson, lessonCreateSchema, lessonUpdateSchema } from "@lms/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useUpdateLesson } from "@/api/content";
import type { CourseArea } from "@/auth/roles";
import { FormDialog } from "@/components/FormDialog";
import { TitleDescriptionFields } from "@/components/TitleDescriptionFields";
import { localizedResolver } from "@/lib/localized-resolver";
import { LessonBodyField } from "./LessonBodyField";
import { mutationToasts } from "./mutation-toasts";

const lessonSchema = z.object({
  title: lessonCreateSchema.shape.title,
  description: z.string().trim(),
  body: lessonUpdateSchema.shape.body.unwrap(),
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

/** Title, description, formatted text and whether learners see the lesson (Published or Draft). */
export function EditLessonDialog({ area, courseId, moduleId, lesson, onClose }: EditLessonDialogProps) {
  const { t } = useTranslation("course-detail");
  const id = useId();
  const update = useUpdateLesson(area, courseId);
  const form = useForm<LessonValues>({
    resolver: localizedResolver(lessonSchema),
    defaultValues: {
      title: lesson.title,
      description: lesson.description,
      body: lesson.body,
      isPublished: lesson.isPublished,
    },
  });
  const { errors } = form.formState;
  const busy = update.isPending;

  const submit = form.handleSubmit((input) =>
    update.mutate(
      { moduleId, lessonId: lesson._id, input },
      mutationToasts(onClose, () => t("editLesson.updated"), t("editLesson.failed")),
    ),
  );

  return (
    <FormDialog
      title={t("editLesson.title")}
      description={t("editLesson.description")}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <TitleDescriptionFields id={id} errors={errors} busy={busy} register={form.register} />
      <LessonBodyField id={id} control={form.control} name="body" error={errors.body} />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-primary" disabled={busy} {...form.register("isPublished")} />
        {t("status.published")}
      </label>
    </FormDialog>
  );
}
