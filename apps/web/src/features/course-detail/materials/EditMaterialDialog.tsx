import { type Material, MESSAGES, materialFieldsSchema, materialUrlSchema } from "@lms/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useUpdateMaterial } from "@/api/materials";
import type { CourseArea } from "@/auth/roles";
import { FormDialog } from "@/components/FormDialog";
import { controlProps, FormField } from "@/components/FormField";
import { TitleDescriptionFields } from "@/components/TitleDescriptionFields";
import { Input } from "@/components/ui/input";
import { localizedResolver } from "@/lib/localized-resolver";
import { mutationToasts } from "../mutation-toasts";

const fileSchema = materialFieldsSchema.pick({ title: true }).extend({
  description: z.string().trim().max(10_000, MESSAGES.descriptionTooLong),
});
const linkSchema = fileSchema.extend({ url: materialUrlSchema });
type MaterialValues = z.infer<typeof fileSchema> & { url?: string };

interface EditMaterialDialogProps {
  area: CourseArea;
  courseId: string;
  material: Material;
  onClose: () => void;
}

/** Title and description of any material, and the address of a link. */
export function EditMaterialDialog({ area, courseId, material, onClose }: EditMaterialDialogProps) {
  const { t } = useTranslation("course-detail");
  const id = useId();
  const isLink = material.type === "link";
  const update = useUpdateMaterial(area, courseId);
  const form = useForm<MaterialValues>({
    resolver: localizedResolver(isLink ? linkSchema : fileSchema),
    defaultValues: {
      title: material.title,
      description: material.description,
      ...(isLink ? { url: material.url } : {}),
    },
  });
  const { errors } = form.formState;
  const busy = update.isPending;

  const submit = form.handleSubmit((input) =>
    update.mutate(
      { materialId: material._id, input },
      mutationToasts(
        onClose,
        ({ message }) => message ?? t("MESSAGES.materialUpdated", { ns: "messages" }),
        t("materials.updateFailed"),
      ),
    ),
  );

  const field = (name: keyof MaterialValues) => controlProps(`${id}-${name}`, errors[name], busy);

  return (
    <FormDialog
      title={t("materials.editTitle")}
      description={isLink ? t("materials.editLink") : t("materials.editFile")}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <TitleDescriptionFields id={id} errors={errors} busy={busy} register={form.register} />
      {isLink && (
        <FormField id={`${id}-url`} label={t("fields.url")} error={errors.url?.message}>
          <Input type="url" inputMode="url" {...field("url")} {...form.register("url")} />
        </FormField>
      )}
    </FormDialog>
  );
}
