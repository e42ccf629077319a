import type { Assessment } from "@lms/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useDuplicateAssessment } from "@/api/assessment-workspace";
import { messageOf } from "@/api/errors";
import { useManagedCourseOptions } from "@/api/managed-courses";
import { FormDialog } from "@/components/FormDialog";
import { FormField } from "@/components/FormField";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/lib/toast";

interface DuplicateDialogProps {
  assessment: Pick<Assessment, "_id" | "title" | "courseId">;
  onClose: () => void;
}

/** Copies an assessment (settings and questions, as a draft) into a course one manages, then opens the copy. */
export function DuplicateDialog({ assessment, onClose }: DuplicateDialogProps) {
  const courses = useManagedCourseOptions();
  const [courseId, setCourseId] = useState(assessment.courseId);
  const duplicate = useDuplicateAssessment();
  const navigate = useNavigate();
  const { t } = useTranslation(["instructor-assessments", "messages"]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    duplicate.mutate(
      { assessmentId: assessment._id, courseId },
      {
        onSuccess: (copy) => {
          toast.success(t("toast.success"), { description: t("messages:ASSESSMENT_WORKSPACE_MESSAGES.duplicated") });
          navigate(`/instructor/assessments/${copy._id}/edit`);
        },
        onError: (error) => toast.error(t("toast.error"), { description: messageOf(error, t("duplicate.failed")) }),
      },
    );
  };

  return (
    <FormDialog
      title={t("duplicate.title", { title: assessment.title })}
      description={t("duplicate.description")}
      busy={duplicate.isPending}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t("row.duplicate")}
      submitUnavailable={courseId ? undefined : t("unavailable.pickCourse", { ns: "common" })}
    >
      <FormField id="duplicate-course" label={t("duplicate.course")}>
        <NativeSelect id="duplicate-course" value={courseId} onChange={(event) => setCourseId(event.target.value)}>
          {(courses.data ?? []).map((course) => (
            <option key={course._id} value={course._id}>
              {course.title}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </FormDialog>
  );
}
