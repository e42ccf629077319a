import { BookOpen } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { useManagedCourseOptions } from "@/api/managed-courses";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageLoader } from "@/components/PageLoader";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { COURSE_UI, itemCreatedMessage } from "@/lib/course-messages";
import { NewMaterialForm } from "./NewMaterialForm";

const COURSES_FAILED = "Failed to load your courses. Please try again.";

/** /instructor/materials/new: add a file or a link to one of one's courses (`?courseId=` preselects it). */
export function NewMaterialPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const courses = useManagedCourseOptions();
  const cancel = (
    <Button asChild variant="outline">
      <Link to="/instructor/materials">Cancel</Link>
    </Button>
  );

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
        description="Materials belong to a course: create or take over a course first."
        action={
          <Button asChild>
            <Link to="/courses">Go to courses</Link>
          </Button>
        }
      />
    );
  } else {
    const wanted = params.get("courseId");
    const initial = courses.data.some((course) => course._id === wanted) ? (wanted as string) : "";
    body = (
      <Card>
        <CardContent className="p-4 sm:p-6">
          <NewMaterialForm
            courses={courses.data}
            initialCourseId={initial}
            cancel={cancel}
            onCreated={() => {
              toast.success(COURSE_UI.successTitle, { description: itemCreatedMessage("Material") });
              navigate("/instructor/materials");
            }}
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name="Upload Material" />
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Upload Material</h1>
        <p className="mt-1 text-muted-foreground">Add a file learners download, or a link they open, to a course.</p>
      </header>
      {body}
    </div>
  );
}
