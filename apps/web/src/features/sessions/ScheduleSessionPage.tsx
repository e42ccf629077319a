import { BookOpen } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useSchedulableCourses } from "@/api/sessions";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageLoader } from "@/components/PageLoader";
import { PageTitle } from "@/components/PageMeta";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ScheduleSessionForm } from "./schedule/ScheduleSessionForm";

const COURSES_FAILED = "Failed to load your courses. Please try again.";

/** /instructor/sessions/new: the schedule form as a page, for the course in `?courseId=` or the first one taught. */
export function ScheduleSessionPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const courses = useSchedulableCourses();
  const wanted = params.get("courseId");
  const back = wanted ? `/courses/${wanted}` : "/instructor/sessions";

  let body: ReactNode;
  if (courses.isPending) {
    body = <PageLoader label="Loading your courses" />;
  } else if (courses.isError) {
    body = <ErrorState title={COURSES_FAILED} onRetry={() => courses.refetch()} />;
  } else if (!wanted && courses.data.length === 0) {
    body = (
      <EmptyState
        icon={BookOpen}
        title="No courses yet"
        description="Sessions belong to a course: create or take over a course first."
        action={
          <Button asChild>
            <Link to="/courses">Go to courses</Link>
          </Button>
        }
      />
    );
  } else {
    body = (
      <Card>
        <CardContent className="p-4 sm:p-6">
          <ScheduleSessionForm
            courseId={wanted ?? courses.data[0]._id}
            onScheduled={() => navigate(back)}
            cancel={
              <Button asChild variant="outline">
                <Link to={back}>Cancel</Link>
              </Button>
            }
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-8 sm:px-6">
      <PageTitle name="Schedule Session" />
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Schedule Session</h1>
        <p className="mt-1 text-muted-foreground">
          Fill in the details, or pick a free half-hour slot in the calendar to set the date and time.
        </p>
      </header>
      {body}
    </div>
  );
}
