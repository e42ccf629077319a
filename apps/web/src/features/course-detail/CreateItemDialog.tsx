import { lessonUpdateSchema, MESSAGES, moduleCreateSchema } from "@lms/contract";
import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { courseContentApi } from "@/api/content";
import { useInvalidateCourses } from "@/api/managed-courses";
import { materialsApi } from "@/api/materials";
import type { CourseArea } from "@/auth/roles";
import { toWholeNumber } from "@/components/course-form/course-form";
import { FormDialog } from "@/components/FormDialog";
import { controlProps, FormField } from "@/components/FormField";
import { MaterialSourceFields } from "@/components/material/MaterialSourceFields";
import { checkMaterialSource, materialSourceShape } from "@/components/material/material-source";
import { TitleDescriptionFields } from "@/components/TitleDescriptionFields";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { COURSE_UI, createItemFailure } from "@/lib/course-messages";
import { localizedResolver } from "@/lib/localized-resolver";
import { toast } from "@/lib/toast";
import { moduleTriggerId } from "./content/ModuleSection";
import type { ItemKind } from "./dialog-state";
import { LessonBodyField } from "./LessonBodyField";

const text = z.string().trim().max(10_000, MESSAGES.descriptionTooLong);
const itemSchema = z
  .object({
    title: moduleCreateSchema.shape.title,
    description: text,
    order: moduleCreateSchema.shape.order,
    content: text,
    /** Lessons only. */
    body: lessonUpdateSchema.shape.body.unwrap(),
    /** Materials only. */
    ...materialSourceShape,
  })
  .superRefine(checkMaterialSource);
type ItemValues = z.infer<typeof itemSchema>;

interface CreateItemDialogProps {
  area: CourseArea;
  courseId: string;
  kind: ItemKind;
  moduleId?: string;
  onClose: () => void;
  /** A module was added: the page shows it (on the Content tab), and focus moves to it. */
  onModuleCreated?: (moduleId: string) => void;
}

/** Spec §5 "Create-item dialog": Create stays disabled until there is a title. */
export function CreateItemDialog({ area, courseId, kind, moduleId, onClose, onModuleCreated }: CreateItemDialogProps) {
  const { t } = useTranslation("course-detail");
  const id = useId();
  const createdModule = useRef<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const invalidate = useInvalidateCourses();
  const form = useForm<ItemValues>({
    resolver: localizedResolver(itemSchema),
    defaultValues: { title: "", description: "", order: undefined, content: "", body: "", source: "file", url: "" },
  });
  const { errors } = form.formState;

  const create = useMutation({
    mutationFn: async ({ source, url, body, ...values }: ItemValues) => {
      const content = courseContentApi(area, courseId);
      if (kind === "module") return content.createModule(values);
      if (kind === "lesson") return content.createLesson(moduleId ?? "", { ...values, body });
      if (kind === "material") {
        const { title, description } = values;
        const material = source === "link" ? { url } : { file: file as File };
        return materialsApi(area, courseId).create({ title, description, ...material });
      }
      return content.createAnnouncement(values);
    },
    onSuccess: invalidate,
  });
  const busy = create.isPending;
  const titleEmpty = form.watch("title").trim() === "";
  const source = form.watch("source");

  const submit = form.handleSubmit((values) => {
    if (busy) return;
    if (kind === "lesson" && !moduleId) {
      toast.error(COURSE_UI.errorTitle, { description: t("MESSAGES.noModuleSelected", { ns: "messages" }) });
      return;
    }
    if (kind === "material" && values.source === "file" && !file) {
      toast.error(COURSE_UI.errorTitle, { description: t("MESSAGES.selectFile", { ns: "messages" }) });
      return;
    }
    create.mutate(values, {
      onSuccess: (item) => {
        toast.success(COURSE_UI.successTitle, { description: t(`createItem.${kind}.created`) });
        if (kind === "module") {
          createdModule.current = item._id;
          onModuleCreated?.(item._id);
        }
        onClose();
      },
      onError: (error) => toast.error(COURSE_UI.errorTitle, { description: createItemFailure(error) }),
    });
  });

  const field = (name: keyof ItemValues) => controlProps(`${id}-${name}`, errors[name], busy);

  return (
    <FormDialog
      title={t(`createItem.${kind}.title`)}
      description={t(`createItem.${kind}.description`)}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("createItem.submit")}
      submitUnavailable={titleEmpty ? t("unavailable.titleRequired", { ns: "common" }) : undefined}
      onCloseAutoFocus={(event) => {
        const added = createdModule.current && document.getElementById(moduleTriggerId(createdModule.current));
        if (!added) return;
        event.preventDefault();
        added.focus();
      }}
    >
      <TitleDescriptionFields id={id} errors={errors} busy={busy} register={form.register} />
      {kind === "module" && (
        <FormField id={`${id}-order`} label={t("fields.order")} error={errors.order?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder={t("fields.orderPlaceholder")}
            {...field("order")}
            {...form.register("order", { setValueAs: (v) => (v === "" ? undefined : toWholeNumber(v)) })}
          />
        </FormField>
      )}
      {kind === "lesson" && <LessonBodyField id={id} control={form.control} name="body" error={errors.body} />}
      {kind === "announcement" && (
        <FormField id={`${id}-content`} label={t("fields.content")} error={errors.content?.message}>
          <Textarea rows={5} {...field("content")} {...form.register("content")} />
        </FormField>
      )}
      {kind === "material" && (
        <MaterialSourceFields
          id={id}
          busy={busy}
          source={source}
          urlError={errors.url}
          register={form.register}
          onFile={setFile}
        />
      )}
    </FormDialog>
  );
}
