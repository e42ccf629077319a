import { type CourseDetail, courseCopySchema } from "@lms/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { useCopyCourse } from "@/api/course-copy";
import { useActiveInstructors } from "@/api/users";
import type { CourseArea } from "@/auth/roles";
import { FormDialog } from "@/components/FormDialog";
import { controlProps, FormField } from "@/components/FormField";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { focusHeadingAfterNavigation } from "@/lib/focusHeadingAfterNavigation";
import { localizedResolver } from "@/lib/localized-resolver";
import { failureText, showServerErrors } from "@/lib/server-errors";
import { toast } from "@/lib/toast";

type Values = z.input<typeof courseCopySchema>;
const FIELDS = ["title", "dateOffsetDays", "instructorId"] as const;
const COPIED = ["settings", "content", "materials", "assessments"] as const;
const LEFT = ["learners", "work", "sessions", "conversations"] as const;

/** Asks for the copy's title and how far its dates move, says what comes along, then opens the copy. */
export function CopyCourseDialog({
  course,
  area,
  onClose,
}: {
  course: CourseDetail;
  area: CourseArea;
  onClose: () => void;
}) {
  const { t } = useTranslation(["course-detail", "messages"]);
  // Admins choose who teaches the copy (the original's instructor unless changed); an instructor's copy is theirs.
  const assigns = area === "/admin";
  const instructors = useActiveInstructors(assigns);
  const form = useForm<Values>({
    resolver: localizedResolver(courseCopySchema),
    mode: "onChange",
    defaultValues: {
      title: t("copyCourse.defaultTitle", { title: course.title }),
      dateOffsetDays: 0,
      instructorId: assigns ? course.instructorId?._id : undefined,
    },
  });
  const { register, formState, handleSubmit } = form;
  const errors = formState.errors;
  const copy = useCopyCourse(area, course._id);
  const navigate = useNavigate();
  const busy = copy.isPending;
  const control = (field: (typeof FIELDS)[number]) => controlProps(`copy-${field}`, errors[field], busy);

  const submit = handleSubmit((values) =>
    copy.mutate(values, {
      onSuccess: (result) => {
        toast.success(t("messages:COURSE_COPY_MESSAGES.copied"));
        onClose();
        const path = `/courses/${result.course._id}`;
        navigate(path);
        focusHeadingAfterNavigation(path);
      },
      onError: (error) => {
        showServerErrors(form, error, FIELDS);
        toast.error(t("copyCourse.failed"), { description: failureText(error, t("tryAgain")) });
      },
    }),
  );

  return (
    <FormDialog
      title={t("copyCourse.title")}
      description={t(assigns ? "copyCourse.dialogDescriptionAdmin" : "copyCourse.dialogDescription")}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("copyCourse.submit")}
      submitUnavailable={Object.keys(errors).length > 0 ? t("unavailable.fixErrors", { ns: "common" }) : undefined}
    >
      <FormField id="copy-title" label={t("copyCourse.newTitle")} error={errors.title?.message}>
        <Input {...control("title")} {...register("title")} />
      </FormField>
      <FormField id="copy-dateOffsetDays" label={t("copyCourse.offset")} error={errors.dateOffsetDays?.message}>
        <Input
          {...control("dateOffsetDays")}
          type="number"
          inputMode="numeric"
          step={1}
          {...register("dateOffsetDays", { valueAsNumber: true })}
        />
        <p className="text-sm text-muted-foreground">{t("copyCourse.offsetHint")}</p>
      </FormField>
      {assigns && (
        <FormField
          id="copy-instructorId"
          label={t("courseForm.instructor", { ns: "common" })}
          error={
            errors.instructorId?.message ??
            (instructors.isError ? t("courseForm.instructorsFailed", { ns: "common" }) : undefined)
          }
        >
          <NativeSelect
            {...control("instructorId")}
            {...register("instructorId", { setValueAs: (value: string) => value || undefined })}
          >
            {!course.instructorId && <option value="">{t("courseForm.selectInstructor", { ns: "common" })}</option>}
            {(instructors.data?.users ?? (course.instructorId ? [course.instructorId] : [])).map((instructor) => (
              <option key={instructor._id} value={instructor._id}>
                {instructor.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <div className="grid gap-3 text-sm sm:grid-cols-2">
        <section aria-labelledby="copy-copied">
          <h3 id="copy-copied" className="font-medium">
            {t("copyCourse.copiedHeading")}
          </h3>
          <ul className="mt-1 list-disc ps-5 text-muted-foreground">
            {COPIED.map((item) => (
              <li key={item}>{t(`copyCourse.copied.${item}`)}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="copy-left">
          <h3 id="copy-left" className="font-medium">
            {t("copyCourse.leftHeading")}
          </h3>
          <ul className="mt-1 list-disc ps-5 text-muted-foreground">
            {LEFT.map((item) => (
              <li key={item}>{t(`copyCourse.left.${item}`)}</li>
            ))}
          </ul>
        </section>
      </div>
    </FormDialog>
  );
}
