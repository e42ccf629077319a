import { LIMITS } from "@lms/contract";
import { BookOpen } from "lucide-react";
import { useEnrolledCourses } from "@/api/enrollments";
import { CourseCard } from "@/components/CourseCard";
import { EmptyState } from "@/components/EmptyState";
import { ErrorState } from "@/components/ErrorState";
import { Catalogue } from "./Catalogue";
import { CourseGrid, CourseGridSkeleton } from "./CourseGrid";
import type { CourseFilters } from "./useCourseFilters";

/** The learner's enrolled courses with their progress, then the catalogue to enroll from. */
export function LearnerCourses({ filters }: { filters: CourseFilters }) {
  const enrolled = useEnrolledCourses({ limit: LIMITS.pageSizeMax });
  const enrolledIds = new Set(enrolled.data?.courses.map((c) => c._id));

  return (
    <div className="grid gap-12">
      <section aria-label="Your courses" className="grid gap-4">
        {enrolled.isError ? (
          <ErrorState
            title="We couldn't load your courses"
            description="Please check your connection and try again."
            onRetry={() => void enrolled.refetch()}
          />
        ) : !enrolled.data ? (
          <CourseGridSkeleton />
        ) : enrolled.data.courses.length === 0 ? (
          <EmptyState
            icon={BookOpen}
            title="You are not enrolled in any courses yet"
            description="Browse the catalogue below and enroll in a course to start learning."
          />
        ) : (
          <CourseGrid label="Your courses">
            {enrolled.data.courses.map((course) => (
              <li key={course._id} className="grid">
                <CourseCard course={course} progress={course.progress.percentage} />
              </li>
            ))}
          </CourseGrid>
        )}
      </section>
      <Catalogue filters={filters} enrolledIds={enrolledIds} />
    </div>
  );
}
