import i18next from "i18next";
import { useMemo } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { ApiError, fieldMessage } from "@/api/errors";
import { COURSE_UI } from "@/lib/course-messages";
import { localizedResolver } from "@/lib/localized-resolver";
import { toast } from "@/lib/toast";
import { type CourseFormValues, courseFormSchema, REQUIRED_FIELDS } from "./course-form";

const FIELD_NAMES = new Set<string>([
  "title",
  "description",
  "shortDescription",
  "categoryId",
  "instructorId",
  "courseCode",
  "priceCredits",
  "difficulty",
  "duration",
  "language",
  "tags",
  "requirements",
  "learningOutcomes",
  "thumbnail",
]);

export function useCourseForm(defaultValues: CourseFormValues, needsInstructor: boolean) {
  const resolver = useMemo(() => localizedResolver(courseFormSchema(needsInstructor)), [needsInstructor]);
  const form = useForm<CourseFormValues>({ resolver, defaultValues });

  /** Spec §5: the missing required fields first, then the missing instructor. */
  const reportInvalid = (errors: FieldErrors<CourseFormValues>) => {
    if (REQUIRED_FIELDS.some((name) => errors[name])) {
      toast.error(COURSE_UI.validationErrorTitle, { description: i18next.t("messages:MESSAGES.courseRequiredFields") });
    } else if (errors.instructorId) {
      toast.error(COURSE_UI.validationErrorTitle, { description: i18next.t("messages:MESSAGES.selectInstructor") });
    } else {
      const first = Object.values(errors).find((e) => e?.message);
      toast.error(COURSE_UI.validationErrorTitle, {
        description: first?.message ? first.message : i18next.t("messages:MESSAGES.courseRequiredFields"),
      });
    }
  };

  /** The server's field errors shown beside their fields. */
  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    for (const item of error.errors) {
      if (FIELD_NAMES.has(item.path))
        form.setError(item.path as keyof CourseFormValues, { message: fieldMessage(item) });
    }
  };

  return { form, reportInvalid, showServerErrors };
}
