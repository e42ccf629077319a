import { type CourseModule, MESSAGES, moduleCreateSchema } from "@lms/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useUpdateModule } from "@/api/content";
import type { CourseArea } from "@/auth/roles";
import { toWholeNumber } from "@/components/course-form/course-form";
import { FormDialog } from "@/components/FormDialog";
import { controlProps, FormField } from "@/components/FormField";
import { TitleDescriptionFields } from "@/components/TitleDescriptionFields";
import { Input } from "@/components/ui/input";
import { localizedResolver } from "@/lib/localized-resolver";
import { mutationToasts } from "./mutation-toasts";

const moduleSchema = z.object({
  title: moduleCreateSchema.shape.title,
  description: z.string().trim().max(10_000, MESSAGES.descriptionTooLong),
  order: moduleCreateSchema.shape.order.unwrap(),
});
type ModuleValues = z.infer<typeof moduleSchema>;

interface EditModuleDialogProps {
  area: CourseArea;
  courseId: string;
  module: CourseModule;
  onClose: () => void;
}

/** Title, description and order; modules are listed by order, so changing it moves the module. */
export function EditModuleDialog({ area, courseId, module, onClose }: EditModuleDialogProps) {
  const { t } = useTranslation("course-detail");
  const id = useId();
  const update = useUpdateModule(area, courseId);
  const form = useForm<ModuleValues>({
    resolver: localizedResolver(moduleSchema),
    defaultValues: { title: module.title, description: module.description, order: module.order },
  });
  const { errors } = form.formState;
  const busy = update.isPending;

  const submit = form.handleSubmit((input) =>
    update.mutate(
      { moduleId: module._id, input },
      mutationToasts(onClose, () => t("MESSAGES.moduleUpdated", { ns: "messages" }), t("editModule.failed")),
    ),
  );

  const field = (name: keyof ModuleValues) => controlProps(`${id}-${name}`, errors[name], busy);

  return (
    <FormDialog
      title={t("editModule.title")}
      description={t("editModule.description")}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <TitleDescriptionFields id={id} errors={errors} busy={busy} register={form.register} />
      <FormField id={`${id}-order`} label={t("fields.order")} error={errors.order?.message}>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...field("order")}
          {...form.register("order", { setValueAs: toWholeNumber })}
        />
      </FormField>
    </FormDialog>
  );
}
