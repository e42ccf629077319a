import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ManagedCoursesGate } from "@/components/ManagedCoursesGate";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { COURSE_UI, itemCreatedMessage } from "@/lib/course-messages";
import { NewMaterialForm } from "./NewMaterialForm";

/** /instructor/materials/new: add a file or a link to one of one's courses (`?courseId=` preselects it). */
export function NewMaterialPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cancel = (
    <Button asChild variant="outline">
      <Link to="/instructor/materials">Cancel</Link>
    </Button>
  );

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name="Upload Material" />
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Upload Material</h1>
        <p className="mt-1 text-muted-foreground">Add a file learners download, or a link they open, to a course.</p>
      </header>
      <ManagedCoursesGate
        wanted={params.get("courseId")}
        emptyDescription="Materials belong to a course: create or take over a course first."
      >
        {(courses, initialCourseId) => (
          <Card>
            <CardContent className="p-4 sm:p-6">
              <NewMaterialForm
                courses={courses}
                initialCourseId={initialCourseId}
                cancel={cancel}
                onCreated={() => {
                  toast.success(COURSE_UI.successTitle, { description: itemCreatedMessage("Material") });
                  navigate("/instructor/materials");
                }}
              />
            </CardContent>
          </Card>
        )}
      </ManagedCoursesGate>
    </div>
  );
}
