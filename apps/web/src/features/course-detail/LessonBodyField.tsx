import { type Control, Controller, type FieldError, type FieldPath, type FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { errorId } from "@/components/FormField";
import { RichTextEditor } from "@/components/RichTextEditor";
import { Label } from "@/components/ui/label";

interface LessonBodyFieldProps<T extends FieldValues> {
  /** The form's `useId()`; the editor is named by `${id}-body-label`. */
  id: string;
  control: Control<T>;
  name: FieldPath<T>;
  error?: FieldError;
}

/** A lesson's formatted text, in the editor question text uses (the api sanitises it on every save). */
export function LessonBodyField<T extends FieldValues>({ id, control, name, error }: LessonBodyFieldProps<T>) {
  const { t } = useTranslation("course-detail");
  const labelId = `${id}-body-label`;
  const fieldId = `${id}-body`;
  return (
    <div className="grid gap-2">
      <Label id={labelId}>{t("fields.body")}</Label>
      <p id={`${fieldId}-hint`} className="text-sm text-muted-foreground">
        {t("fields.bodyHint")}
      </p>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RichTextEditor
            labelledBy={labelId}
            value={field.value ?? ""}
            onChange={field.onChange}
            invalid={Boolean(error)}
            describedBy={error ? `${fieldId}-hint ${errorId(fieldId)}` : `${fieldId}-hint`}
          />
        )}
      />
      {error && (
        <p id={errorId(fieldId)} className="text-sm text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}
