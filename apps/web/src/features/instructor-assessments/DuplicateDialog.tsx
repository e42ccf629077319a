import { ASSESSMENT_WORKSPACE_MESSAGES, type Assessment } from "@lms/contract";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useDuplicateAssessment } from "@/api/assessment-workspace";
import { messageOf } from "@/api/errors";
import { useManagedCourseOptions } from "@/api/managed-courses";
import { FormDialog } from "@/components/FormDialog";
import { FormField } from "@/components/FormField";
import { NativeSelect } from "@/components/ui/native-select";

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    duplicate.mutate(
      { assessmentId: assessment._id, courseId },
      {
        onSuccess: (copy) => {
          toast.success("Success", { description: ASSESSMENT_WORKSPACE_MESSAGES.duplicated });
          navigate(`/instructor/assessments/${copy._id}/edit`);
        },
        onError: (error) =>
          toast.error("Error", { description: messageOf(error, "The assessment could not be duplicated.") }),
      },
    );
  };

  return (
    <FormDialog
      title={`Duplicate "${assessment.title}"`}
      description="The copy keeps the settings and questions and starts as a draft; submissions stay with the original."
      busy={duplicate.isPending}
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Duplicate"
      submitDisabled={!courseId}
    >
      <FormField id="duplicate-course" label="Into course">
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
