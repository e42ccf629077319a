import type { Course, CourseState, CourseSummary, ManagedCourseSummary } from "@lms/contract";
import { fromFlag } from "../../db/ids.js";
import type { CourseRow } from "./repo.js";

const ref = (id: string | null, name: string | null) => (id && name ? { _id: id, name } : null);

export function presentCourseStats(
  row: Pick<CourseRow, "enrollment_count" | "completion_count" | "rating_count" | "rating_sum">,
) {
  return {
    enrollments: row.enrollment_count,
    completions: row.completion_count,
    averageRating: row.rating_count ? Math.round((row.rating_sum / row.rating_count) * 10) / 10 : 0,
    totalRatings: row.rating_count,
  };
}

export function presentCourseSummary(row: CourseRow): CourseSummary {
  return {
    _id: row.id,
    title: row.title,
    courseCode: row.course_code,
    shortDescription: row.short_description,
    description: row.description,
    categoryId: ref(row.category_id, row.category_name),
    category: row.category_name,
    instructorId: ref(row.instructor_id, row.instructor_name),
    instructor: row.instructor_name,
    priceCredits: row.price_credits,
    difficulty: row.difficulty as CourseSummary["difficulty"],
    duration: row.duration,
    language: row.language as CourseSummary["language"],
    tags: JSON.parse(row.tags) as string[],
    thumbnail: row.thumbnail,
    published: fromFlag(row.published),
    stats: presentCourseStats(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Where the course stands: published, or a draft by its review status (none, submitted, sent back). */
export function courseState(published: boolean, reviewStatus: string | null): CourseState {
  if (published) return "published";
  if (reviewStatus === "submitted") return "pending";
  if (reviewStatus === "changes_requested") return "changes_requested";
  return "draft";
}

/** A course in a managed list: its summary, its learners' average progress and its state. */
export function presentManagedCourse(
  row: CourseRow & { average_progress: number; review_status: string | null },
): ManagedCourseSummary {
  const summary = presentCourseSummary(row);
  return {
    ...summary,
    stats: { ...summary.stats, averageProgress: row.average_progress },
    state: courseState(summary.published, row.review_status),
  };
}

/** A course with all its own fields. */
export function presentCourse(row: CourseRow): Course {
  return {
    ...presentCourseSummary(row),
    requirements: JSON.parse(row.requirements) as string[],
    learningOutcomes: JSON.parse(row.learning_outcomes) as string[],
    completionRule: { requireAssessments: fromFlag(row.completion_requires_assessments) },
  };
}
