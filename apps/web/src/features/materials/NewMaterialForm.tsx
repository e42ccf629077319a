import { MESSAGES, materialFieldsSchema } from "@lms/contract";
import { type ReactNode, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ApiError } from "@/api/errors";
import { useCreateMaterial } from "@/api/materials";
import { controlProps, FormField } from "@/components/FormField";
import { MaterialSourceFields } from "@/components/material/MaterialSourceFields";
import { checkMaterialSource, materialSourceShape } from "@/components/material/material-source";
import { TitleDescriptionFields } from "@/components/TitleDescriptionFields";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { COURSE_UI } from "@/lib/course-messages";
import { localizedResolver } from "@/lib/localized-resolver";
import { toast } from "@/lib/toast";

const schema = z
  .object({
    courseId: z.string().min(1),
    title: materialFieldsSchema.shape.title,
    description: z.string().trim().max(10_000, MESSAGES.descriptionTooLong),
    ...materialSourceShape,
  })
  .superRefine(checkMaterialSource);
type Values = z.infer<typeof schema>;

interface NewMaterialFormProps {
  courses: { _id: string; title: string }[];
  initialCourseId: string;
  onCreated: () => void;
  cancel: ReactNode;
}

/** Choose a course, then upload a file or add a link to it (the course materials api). */
export function NewMaterialForm({ courses, initialCourseId, onCreated, cancel }: NewMaterialFormProps) {
  const { t } = useTranslation("materials");
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const form = useForm<Values>({
    resolver: localizedResolver(schema),
    defaultValues: { courseId: initialCourseId, title: "", description: "", source: "file", url: "" },
  });
  const { errors } = form.formState;
  const create = useCreateMaterial();
  const busy = create.isPending;
  const titleEmpty = form.watch("title").trim() === "";

  const submit = form.handleSubmit(({ courseId, title, description, source, url }) => {
    if (busy) return;
    if (source === "file" && !file) {
      toast.error(COURSE_UI.errorTitle, { description: t("MESSAGES.selectFile", { ns: "messages" }) });
      return;
    }
    const material = source === "link" ? { url } : { file: file as File };
    create.mutate(
      { courseId, input: { title, description, ...material } },
      {
        onSuccess: onCreated,
        onError: (error) =>
          toast.error(COURSE_UI.errorTitle, {
            description: (error instanceof ApiError && error.serverMessage) || COURSE_UI.createItemFailed,
          }),
      },
    );
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={busy}>
      <FormField id={`${id}-course`} label={t("filters.course")} error={errors.courseId && t("form.chooseCourseError")}>
        <NativeSelect {...controlProps(`${id}-course`, errors.courseId, busy)} {...form.register("courseId")}>
          <option value="">{t("form.chooseCourse")}</option>
          {courses.map((course) => (
            <option key={course._id} value={course._id}>
              {course.title}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <TitleDescriptionFields id={id} errors={errors} busy={busy} register={form.register} />
      <MaterialSourceFields
        id={id}
        busy={busy}
        source={form.watch("source")}
        urlError={errors.url}
        register={form.register}
        onFile={setFile}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {cancel}
        <Button type="submit" disabled={titleEmpty || busy}>
          {busy && <Spinner />}
          {t("upload")}
        </Button>
      </div>
    </form>
  );
}
