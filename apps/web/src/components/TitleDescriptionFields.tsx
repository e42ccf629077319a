import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { controlProps, FormField } from "@/components/FormField";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";

interface TitleDescriptionFieldsProps {
  /** The form's `useId()`; the controls get `${id}-title` and `${id}-description`. */
  id: string;
  errors: { title?: FieldError; description?: FieldError };
  busy: boolean;
  /** The form's `register`; both fields are registered here. */
  register: (name: "title" | "description") => UseFormRegisterReturn;
}

/** The Title input and Description textarea that the create and edit dialogs open with. */
export function TitleDescriptionFields({ id, errors, busy, register }: TitleDescriptionFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField id={`${id}-title`} label={t("fields.title")} error={errors.title?.message}>
        <Input {...controlProps(`${id}-title`, errors.title, busy)} {...register("title")} />
      </FormField>
      <FormField id={`${id}-description`} label={t("fields.description")} error={errors.description?.message}>
        <Textarea
          rows={3}
          {...controlProps(`${id}-description`, errors.description, busy)}
          {...register("description")}
        />
      </FormField>
    </>
  );
}
