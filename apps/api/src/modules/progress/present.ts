import type { CourseProgress, FileProgress, RequiredAssessment } from "@lms/contract";
import { fromFlag } from "../../db/ids.js";
import type { EnrollmentRow } from "../enrollments/repo.js";
import { percentage } from "./completion.js";
import { type ProgressCounts, type ProgressRow, type RequiredAssessmentRow, ruleItems } from "./repo.js";

/** The columns a file's progress is shown from. */
type FileProgressRow = Pick<ProgressRow, "file_id" | "lesson_id" | "position" | "duration" | "completed" | "viewed_at">;

export function presentFileProgress(row: FileProgressRow): FileProgress {
  return {
    fileId: row.file_id,
    lessonId: row.lesson_id,
    position: row.position,
    duration: row.duration,
    completed: fromFlag(row.completed),
    viewedAt: row.viewed_at,
  };
}

export function presentRequiredAssessment(row: RequiredAssessmentRow): RequiredAssessment {
  return {
    _id: row.id,
    title: row.title,
    type: row.type as RequiredAssessment["type"],
    passingScore: row.passing_score,
    passed: Number(row.passed) === 1,
  };
}

/** A course's counts, and its required assessments one by one when they were read. */
export function presentCourseProgress(
  counts: ProgressCounts,
  enrollment: Pick<EnrollmentRow, "last_lesson_id" | "last_accessed_at">,
  assessments?: RequiredAssessmentRow[],
): CourseProgress {
  const { done, total } = ruleItems(counts);
  return {
    percentage: percentage(done, total),
    videosCompleted: counts.videosCompleted,
    totalVideos: counts.totalVideos,
    resourcesViewed: counts.resourcesViewed,
    totalResources: counts.totalResources,
    lastLessonId: enrollment.last_lesson_id,
    lastAccessedAt: enrollment.last_accessed_at,
    requiredAssessments: counts.requiredAssessments,
    assessmentsPassed: counts.assessmentsPassed,
    complete: total > 0 && done >= total,
    ...(assessments ? { assessments: assessments.map(presentRequiredAssessment) } : {}),
  };
}

/** The counts of `requiredAssessmentsOf` rows, for answers that list them. */
export const assessmentCounts = (rows: RequiredAssessmentRow[]) => ({
  requiredAssessments: rows.length,
  assessmentsPassed: rows.filter((r) => Number(r.passed) === 1).length,
});
