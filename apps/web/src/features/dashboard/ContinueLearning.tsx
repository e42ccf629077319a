import type { EnrolledCourse } from "@lms/contract";
import { LIMITS } from "@lms/contract";
import { ArrowRight, BookOpen, PlayCircle } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { courseIcon } from "./course-icon";
import { coursesToContinue } from "./course-status";

interface ContinueLearningProps {
  courses: EnrolledCourse[] | undefined;
  failed: boolean;
  onRetry: () => void;
}

/** Spec §2: up to 3 enrolled courses with 'Progress: N%' and Resume; See all when there are more. */
export function ContinueLearning({ courses, failed, onRetry }: ContinueLearningProps) {
  const more = !failed && courses !== undefined && courses.length > LIMITS.continueLearning;
  return (
    <section aria-labelledby="continue-learning" className="grid gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="continue-learning" className="font-semibold text-xl">
          Continue Learning
        </h2>
        {more && (
          <Button asChild variant="ghost" size="sm">
            <Link to="/courses">
              See all<span className="sr-only"> your courses</span>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
      </div>
      {failed ? (
        <ErrorState title="We couldn't load your courses" onRetry={onRetry} />
      ) : !courses ? (
        <div aria-busy="true" className="grid gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 w-full rounded-xl" />
          ))}
        </div>
      ) : courses.length === 0 ? (
        <EmptyState
          icon={BookOpen}
          title="No courses to continue"
          description="Courses you enroll in will show up here with your progress."
          action={
            <Button asChild>
              <Link to="/courses">Browse Courses</Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-3">
          {coursesToContinue(courses, LIMITS.continueLearning).map((course) => (
            <li key={course._id}>
              <ContinueCard course={course} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ContinueCard({ course }: { course: EnrolledCourse }) {
  const { icon: Icon, color } = courseIcon(course.category);
  const percent = course.progress.percentage;
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
        <span className={cn("flex size-12 shrink-0 items-center justify-center rounded-xl", color)}>
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="grid min-w-0 flex-1 gap-2">
          <h3 className="break-words font-semibold">{course.title}</h3>
          <div className="flex items-center gap-3">
            <Progress value={percent} label={`Progress in ${course.title}`} className="max-w-64" />
            <span className="shrink-0 text-sm text-muted-foreground">Progress: {percent}%</span>
          </div>
        </div>
        <Button asChild variant="outline" className="sm:self-center">
          <Link to={`/courses/${course._id}`} aria-label={`Resume ${course.title}`}>
            <PlayCircle aria-hidden="true" />
            Resume
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
