import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { ErrorState } from "@/components/ErrorState";
import { StateScreen } from "@/components/StateScreen";
import { Button } from "@/components/ui/button";
import { COURSE_UI } from "@/lib/course-messages";

/** The way back to the catalogue from a course that cannot be shown. */
export const BackToCourses = () => (
  <Button asChild>
    <Link to="/courses">Back to Courses</Link>
  </Button>
);

/** The course does not exist (404), or its id is malformed (400). */
export const CourseNotFound = () => (
  <StateScreen icon={SearchX} title={COURSE_UI.courseNotFoundTitle} description={COURSE_UI.courseNotFoundBody}>
    <BackToCourses />
  </StateScreen>
);

/** Loading the course failed for another reason; Try Again loads it again. */
export const CourseLoadError = ({ title, onRetry }: { title: string; onRetry: () => void }) => (
  <div className="mx-auto w-full max-w-lg px-4 py-16">
    <ErrorState title={title} onRetry={onRetry} />
  </div>
);
