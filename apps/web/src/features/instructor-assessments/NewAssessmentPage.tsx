import { ASSESSMENT_MESSAGES } from "@lms/contract";
import { BookOpen } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { useManagedCourseOptions } from "@/api/managed-courses";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageLoader } from "@/components/PageLoader";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { AssessmentEditor } from "./editor/AssessmentEditor";
import { editorValues } from "./editor/editor-form";

const COURSES_FAILED = "Failed to load your courses. Please try again.";

/** /instructor/assessments/new: choose one of one's courses (`?courseId=` preselects it), then build the assessment. */
export function NewAssessmentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const courses = useManagedCourseOptions();
  const [wanted] = useState(() => params.get("courseId") ?? "");

  let body: ReactNode;
  if (courses.isPending) {
    body = <PageLoader label="Loading your courses" />;
  } else if (courses.isError) {
    body = <ErrorState title={COURSES_FAILED} onRetry={() => courses.refetch()} />;
  } else if (courses.data.length === 0) {
    body = (
      <EmptyState
        icon={BookOpen}
        title="No courses yet"
        description="Assessments belong to a course: create or take over a course first."
        action={
          <Button asChild>
            <Link to="/courses">Go to courses</Link>
          </Button>
        }
      />
    );
  } else {
    const initialCourse = courses.data.some((course) => course._id === wanted) ? wanted : "";
    body = (
      <AssessmentEditor
        initial={editorValues(initialCourse)}
        course={{ options: courses.data }}
        onSaved={(assessment) => {
          toast.success("Success", { description: ASSESSMENT_MESSAGES.created });
          navigate(`/instructor/assessments/${assessment._id}/edit`, { replace: true });
        }}
      />
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name="New Assessment" />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">New Assessment</h1>
          <p className="mt-1 text-muted-foreground">A quiz, assignment or exam for one of your courses.</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/instructor/assessments">Back to assessments</Link>
        </Button>
      </header>
      {body}
    </div>
  );
}
