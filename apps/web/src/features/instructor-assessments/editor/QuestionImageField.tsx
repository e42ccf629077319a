import { type QuestionImage as Image, QUESTION_IMAGE_TYPES } from "@lms/contract";
import { ImagePlus, Trash2 } from "lucide-react";
import { useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useQuestionImage } from "@/api/assessment-workspace";
import { messageOf } from "@/api/errors";
import { QuestionImage } from "@/components/assessment/QuestionImage";
import { controlProps, FormField } from "@/components/FormField";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import type { EditorOutput, EditorValues } from "./editor-form";
import { errorAt } from "./form-errors";

const ACCEPT = QUESTION_IMAGE_TYPES.map((ext) => `.${ext}`).join(",");

interface QuestionImageFieldProps {
  form: UseFormReturn<EditorValues, unknown, EditorOutput>;
  index: number;
  disabled: boolean;
  /** Set for a stored assessment; images are uploaded to stored questions only. */
  assessmentId?: string;
  image: Image | undefined;
}

/** A question's optional image: uploaded, replaced or removed at once (for a saved question), and its alt text. */
export function QuestionImageField({ form, index, disabled, assessmentId, image }: QuestionImageFieldProps) {
  const { t } = useTranslation("instructor-assessments");
  const base = `questions.${index}` as const;
  const questionId = form.watch(`${base}._id`);
  const altId = `q${index}-image-alt`;
  const fileId = `q${index}-image-file`;
  const altError = errorAt(form.formState.errors, `${base}.imageAlt`);
  const input = useRef<HTMLInputElement>(null);
  const mutation = useQuestionImage();
  const busy = disabled || mutation.isPending;

  const send = (file: File | null) => {
    if (!assessmentId || !questionId) return;
    const target = { courseId: form.getValues("courseId"), assessmentId, questionId };
    mutation.mutate(
      { ...target, file, alt: file ? form.getValues(`${base}.imageAlt`) : undefined },
      {
        onSuccess: () =>
          toast.success(t("toast.success"), { description: file ? t("image.uploaded") : t("image.removed") }),
        onError: (error) => toast.error(t("toast.error"), { description: messageOf(error, t("image.failed")) }),
        onSettled: () => {
          if (input.current) input.current.value = "";
        },
      },
    );
  };

  return (
    <div className="grid gap-3 rounded-md border border-dashed p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-sm">{t("image.label")}</span>
        {mutation.isPending && <Spinner />}
      </div>
      <QuestionImage image={image} />
      {assessmentId && questionId ? (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={fileId} className="sr-only">
            {t("image.input", { number: index + 1 })}
          </label>
          <input
            ref={input}
            id={fileId}
            type="file"
            accept={ACCEPT}
            disabled={busy}
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
      ) : (
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <ImagePlus aria-hidden="true" className="size-4" />
          {t("image.saveFirst")}
        </p>
      )}
      <FormField id={altId} label={t("image.alt")} error={altError}>
        <Input maxLength={500} {...controlProps(altId, altError, disabled)} {...form.register(`${base}.imageAlt`)} />
      </FormField>
    </div>
  );
}
