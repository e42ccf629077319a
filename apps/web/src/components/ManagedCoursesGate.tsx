import { BookOpen } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useManagedCourseOptions } from "@/api/managed-courses";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { PageLoader } from "@/components/PageLoader";
import { Button } from "@/components/ui/button";

type CourseOptions = NonNullable<ReturnType<typeof useManagedCourseOptions>["data"]>;

/**
 * The courses one manages, for a page that adds something to one of them: loading, error and
 * "no courses yet" states, then `children` with the courses and the preselected id (`wanted` when
 * it is one of them, else "").
 */
export function ManagedCoursesGate({
  wanted,
  emptyDescription,
  children,
}: {
  wanted: string | null;
  emptyDescription: string;
  children: (courses: CourseOptions, initialCourseId: string) => ReactNode;
}) {
  const courses = useManagedCourseOptions();
  if (courses.isPending) return <PageLoader label="Loading your courses" />;
  if (courses.isError) {
    return <ErrorState title="Failed to load your courses. Please try again." onRetry={() => courses.refetch()} />;
  }
  if (courses.data.length === 0) {
    return (
      <EmptyState
        icon={BookOpen}
        title="No courses yet"
        description={emptyDescription}
        action={
          <Button asChild>
            <Link to="/courses">Go to courses</Link>
          </Button>
        }
      />
    );
  }
  const initial = courses.data.some((course) => course._id === wanted) ? (wanted ?? "") : "";
  return children(courses.data, initial);
}
