import { zodResolver } from "@hookform/resolvers/zod";
import i18next from "i18next";
import { useMemo } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { ApiError } from "@/api/errors";
import { COURSE_UI } from "@/lib/course-messages";
import { localizedMessage } from "@/lib/localized-message";
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
  const resolver = useMemo(() => zodResolver(courseFormSchema(needsInstructor)), [needsInstructor]);
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
        description: first?.message
          ? localizedMessage(first.message)
          : i18next.t("messages:MESSAGES.courseRequiredFields"),
      });
    }
  };

  /** The server's field errors shown beside their fields. */
  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    for (const item of error.errors) {
      if (FIELD_NAMES.has(item.path))
        form.setError(item.path as keyof CourseFormValues, { message: localizedMessage(item.msg) });
    }
  };

  return { form, reportInvalid, showServerErrors };
}
