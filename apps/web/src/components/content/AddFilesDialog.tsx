import { type Lesson, MESSAGES } from "@lms/contract";
import i18next from "i18next";
import { FileUp } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { CourseArea } from "@/auth/roles";
import { errorId, FormField } from "@/components/FormField";
import { UploadLimitsHint } from "@/components/UploadLimitsHint";
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
import { COURSE_UI, uploadFailure } from "@/lib/course-messages";
import { formatSize } from "@/lib/format";
import { localizedResolver } from "@/lib/localized-resolver";
import { toast } from "@/lib/toast";
import { useLessonUpload } from "./useLessonUpload";

interface AddFilesDialogProps {
  area: CourseArea;
  courseId: string;
  moduleId: string;
  /** Adds files to this lesson; without it a new lesson is created in the module. */
  lesson?: Lesson;
  onClose: () => void;
}

const newLessonSchema = z.object({ title: z.string().trim().min(1, MESSAGES.lessonTitleRequired) });
const existingLessonSchema = z.object({ title: z.string() });

/**
 * Spec §5 "Add-files dialog": any file type, at least one file, a title for a new lesson; or one
 * SCORM package (issue 24), which the server unpacks and the lesson viewer launches.
 */
export function AddFilesDialog({ area, courseId, moduleId, lesson, onClose }: AddFilesDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [scorm, setScorm] = useState(false);
  const resolver = useMemo(() => localizedResolver(lesson ? existingLessonSchema : newLessonSchema), [lesson]);
  const form = useForm<{ title: string }>({ resolver, defaultValues: { title: "" } });
  const upload = useLessonUpload(area, courseId);
  const busy = upload.isPending;
  const titleError = form.formState.errors.title?.message;

  const close = () => {
    if (!busy) onClose();
  };

  const submit = form.handleSubmit(
    ({ title }) => {
      if (busy) return;
      if (files.length === 0) {
        toast.error(COURSE_UI.validationErrorTitle, {
          description: i18next.t("messages:MESSAGES.selectAtLeastOneFile"),
        });
        return;
      }
      upload.mutate(
        { moduleId, lesson, title: title.trim(), files: scorm ? files.slice(0, 1) : files, scorm },
        {
          onSuccess: () => {
            toast.success(COURSE_UI.successTitle, { description: COURSE_UI.filesUploaded });
            onClose();
          },
          onError: (error) => toast.error(COURSE_UI.errorTitle, { description: uploadFailure(error) }),
        },
      );
    },
    () =>
      toast.error(COURSE_UI.validationErrorTitle, { description: i18next.t("messages:MESSAGES.lessonTitleRequired") }),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{lesson ? t("addFiles.toLesson", { title: lesson.title }) : t("addFiles.title")}</DialogTitle>
          <DialogDescription>{lesson ? t("addFiles.intoLesson") : t("addFiles.newLesson")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {!lesson && (
            <FormField id={`${id}-title`} label={t("addFiles.lessonTitle")} error={titleError}>
              <Input
                id={`${id}-title`}
                disabled={busy}
                aria-invalid={!!titleError}
                aria-describedby={titleError ? errorId(`${id}-title`) : undefined}
                {...form.register("title")}
              />
            </FormField>
          )}
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={scorm}
              disabled={busy}
              aria-describedby={`${id}-scorm-hint`}
              onChange={(event) => {
                setScorm(event.target.checked);
                setFiles([]);
              }}
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{t("addFiles.scorm")}</span>
              <span id={`${id}-scorm-hint`} className="text-muted-foreground">
                {t("addFiles.scormHint")}
              </span>
            </span>
          </label>
          <FormField id={`${id}-files`} label={scorm ? t("addFiles.scormFile") : t("addFiles.files")}>
            <Input
              key={scorm ? "scorm" : "files"}
              id={`${id}-files`}
              type="file"
              multiple={!scorm}
              accept={scorm ? ".zip,application/zip" : undefined}
              disabled={busy}
              aria-describedby={`${id}-limits`}
              onChange={(event) => setFiles(Array.from(event.target.files ?? []).slice(0, scorm ? 1 : undefined))}
              className="h-auto py-1.5 file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium"
            />
            <UploadLimitsHint id={`${id}-limits`} types="any" />
          </FormField>
          {files.length > 0 && (
            <ul aria-label={t("addFiles.selected")} className="grid gap-1 text-sm">
              {files.map((file, index) => (
                <li key={`${file.name}-${file.size}-${file.lastModified}`} className="flex justify-between gap-2">
                  <span className="min-w-0 truncate">{file.name}</span>
                  <span className="shrink-0 text-muted-foreground">
                    {busy && index < upload.uploaded ? t("addFiles.uploaded") : formatSize(file.size)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {busy && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner />
              {t("addFiles.progress", { current: Math.min(upload.uploaded + 1, files.length), total: files.length })}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={close}>
              {t("actions.cancel")}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner /> : <FileUp aria-hidden="true" />}
              {t("addFiles.upload")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
