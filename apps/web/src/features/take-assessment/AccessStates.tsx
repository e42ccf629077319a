import { FileQuestion, ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { messageOf } from "@/api/errors";
import { isNotEnrolled, statusOf } from "@/components/course/not-enrolled";
import { ErrorState } from "@/components/ErrorState";
import { StateScreen } from "@/components/StateScreen";
import { Button } from "@/components/ui/button";
import { COURSE_UI } from "@/lib/course-messages";

const BackToCourse = ({ courseId }: { courseId: string }) => (
  <Button asChild variant="outline">
    <Link to={`/courses/${courseId}`}>Back to course</Link>
  </Button>
);

/** Why an assessment cannot be shown: not enrolled, no access, not found, or a failure to retry. */
export function AssessmentLoadError({
  error,
  courseId,
  onRetry,
}: {
  error: unknown;
  courseId: string;
  onRetry: () => void;
}) {
  const status = statusOf(error);
  if (status === 403) {
    return (
      <StateScreen
        icon={ShieldAlert}
        tone="destructive"
        title={COURSE_UI.accessDeniedTitle}
        description={
          isNotEnrolled(error)
            ? "You are not enrolled in this course. Enroll to take its assessments."
            : messageOf(error, "You don't have permission to take this assessment.")
        }
      >
        <BackToCourse courseId={courseId} />
      </StateScreen>
    );
  }
  if (status === 404 || status === 400) {
    return (
      <StateScreen
        icon={FileQuestion}
        title="Assessment not found"
        description="It may have been removed or unpublished."
      >
        <BackToCourse courseId={courseId} />
      </StateScreen>
    );
  }
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <ErrorState
        title="Could not load the assessment"
        description={messageOf(error, "Please try again.")}
        onRetry={onRetry}
      />
    </div>
  );
}
