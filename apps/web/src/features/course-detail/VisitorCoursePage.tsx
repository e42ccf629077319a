import { useParams } from "react-router";
import { PublicCourseFallback } from "@/components/course/PublicCourseFallback";

/** /courses/{id} for a signed-out visitor: the course's public page, with Sign in to enroll. */
export function VisitorCoursePage() {
  const { courseId = "" } = useParams();
  return <PublicCourseFallback courseId={courseId} />;
}
