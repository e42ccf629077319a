import { ASSESSMENT_MESSAGES } from "@lms/contract";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ManagedCoursesGate } from "@/components/ManagedCoursesGate";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { AssessmentEditor } from "./editor/AssessmentEditor";
import { editorValues } from "./editor/editor-form";

/** /instructor/assessments/new: choose one of one's courses (`?courseId=` preselects it), then build the assessment. */
export function NewAssessmentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [wanted] = useState(() => params.get("courseId") ?? "");

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
      <ManagedCoursesGate
        wanted={wanted}
        emptyDescription="Assessments belong to a course: create or take over a course first."
      >
        {(courses, initialCourse) => (
          <AssessmentEditor
            initial={editorValues(initialCourse)}
            course={{ options: courses }}
            onSaved={(assessment) => {
              toast.success("Success", { description: ASSESSMENT_MESSAGES.created });
              navigate(`/instructor/assessments/${assessment._id}/edit`, { replace: true });
            }}
          />
        )}
      </ManagedCoursesGate>
    </div>
  );
}
