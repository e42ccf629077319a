import { ASSESSMENT_LIMITS, type QuestionImage as Image, QUESTION_IMAGE_TYPES } from "@lms/contract";
import { Trash2 } from "lucide-react";
import { useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { usePendingQuestionImage, useQuestionImage } from "@/api/assessment-workspace";
import { messageOf } from "@/api/errors";
import { QuestionImage } from "@/components/assessment/QuestionImage";
import { controlProps, FormField } from "@/components/FormField";
import { acceptOf, UploadLimitsHint } from "@/components/UploadLimitsHint";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import type { EditorOutput, EditorValues } from "./editor-form";
import { errorAt } from "./form-errors";

const ACCEPT = acceptOf(QUESTION_IMAGE_TYPES);

interface QuestionImageFieldProps {
  form: UseFormReturn<EditorValues, unknown, EditorOutput>;
  index: number;
  disabled: boolean;
  /** Set for a stored assessment: a stored question's image is uploaded to it at once. */
  assessmentId?: string;
  image: Image | undefined;
}

/**
 * A question's optional image and its alt text. A stored question's image is uploaded, replaced or
 * removed at once; a new question's image is uploaded ahead and becomes its image when it is saved.
 */
export function QuestionImageField({ form, index, disabled, assessmentId, image }: QuestionImageFieldProps) {
  const { t } = useTranslation("instructor-assessments");
  const base = `questions.${index}` as const;
  const questionId = form.watch(`${base}._id`);
  const altId = `q${index}-image-alt`;
  const fileId = `q${index}-image-file`;
  const limitsId = `q${index}-image-limits`;
  const altError = errorAt(form.formState.errors, `${base}.imageAlt`);
  const uploadError = errorAt(form.formState.errors, `${base}.imageUpload`);
  const input = useRef<HTMLInputElement>(null);
  const stored = useQuestionImage();
  const pending = usePendingQuestionImage();
  const busy = disabled || stored.isPending || pending.isPending;
  const storedQuestion = Boolean(assessmentId && questionId);

  const settled = () => {
    if (input.current) input.current.value = "";
  };
  const failed = (error: unknown) =>
    toast.error(t("toast.error"), { description: messageOf(error, t("image.failed")) });

  const sendStored = (file: File | null) => {
    if (!assessmentId || !questionId) return;
    const target = { courseId: form.getValues("courseId"), assessmentId, questionId };
    stored.mutate(
      { ...target, file, alt: file ? form.getValues(`${base}.imageAlt`) : undefined },
      {
        onSuccess: () =>
          toast.success(t("toast.success"), { description: file ? t("image.uploaded") : t("image.removed") }),
        onError: failed,
        onSettled: settled,
      },
    );
  };

  const sendPending = (file: File | null) => {
    if (!file) {
      form.setValue(`${base}.imageUpload`, undefined, { shouldDirty: true });
      form.setValue(`${base}.imageFrom`, undefined, { shouldDirty: true });
      return;
    }
    pending.mutate(
      { courseId: form.getValues("courseId"), file },
      {
        onSuccess: (upload) => {
          form.clearErrors(`${base}.imageUpload`);
          form.setValue(
            `${base}.imageUpload`,
            { id: upload._id, image: { url: upload.url, alt: "" } },
            { shouldDirty: true },
          );
          toast.success(t("toast.success"), { description: t("image.uploadedUnsaved") });
        },
        onError: failed,
        onSettled: settled,
      },
    );
  };

  const send = storedQuestion ? sendStored : sendPending;
  const courseChosen = Boolean(form.watch("courseId"));

  return (
    <div className="grid gap-3 rounded-md border border-dashed p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-sm">{t("image.label")}</span>
        {(stored.isPending || pending.isPending) && <Spinner />}
      </div>
      <QuestionImage image={image && { ...image, alt: form.watch(`${base}.imageAlt`).trim() }} />
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={fileId} className="sr-only">
          {t("image.input", { number: index + 1 })}
        </label>
        <input
          ref={input}
          id={fileId}
          type="file"
          accept={ACCEPT}
          disabled={busy || !courseChosen}
          aria-describedby={limitsId}
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5"
          onChange={(event) => send(event.target.files?.[0] ?? null)}
        />
        {image && (
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => send(null)}>
            <Trash2 aria-hidden="true" />
            {t("image.remove")}
          </Button>
        )}
      </div>
      {!courseChosen && <p className="text-sm text-muted-foreground">{t("editor.chooseCourse")}</p>}
      <UploadLimitsHint id={limitsId} types={QUESTION_IMAGE_TYPES} capMegabytes={ASSESSMENT_LIMITS.imageMaxMegabytes} />
      {uploadError && <p className="text-sm text-destructive">{uploadError}</p>}
      <FormField id={altId} label={t("image.alt")} error={altError}>
        <Input maxLength={500} {...controlProps(altId, altError, disabled)} {...form.register(`${base}.imageAlt`)} />
      </FormField>
    </div>
  );
}
