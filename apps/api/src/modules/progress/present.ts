import type { CourseProgress, FileProgress } from "@lms/contract";
import { fromFlag } from "../../db/ids.js";
import type { EnrollmentRow } from "../enrollments/repo.js";
import { type ProgressCounts, type ProgressRow, percentage } from "./repo.js";

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

export function presentCourseProgress(
  counts: ProgressCounts,
  enrollment: Pick<EnrollmentRow, "last_lesson_id" | "last_accessed_at">,
): CourseProgress {
  return {
    percentage: percentage(counts),
    videosCompleted: counts.videosCompleted,
    totalVideos: counts.totalVideos,
    resourcesViewed: counts.resourcesViewed,
    totalResources: counts.totalResources,
    lastLessonId: enrollment.last_lesson_id,
    lastAccessedAt: enrollment.last_accessed_at,
  };
}
