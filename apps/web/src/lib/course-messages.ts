import { ApiError, fieldMessage } from "@/api/errors";

/** Screen messages of spec §8 for courses, content and the lesson viewer that only the web app shows. */
export const COURSE_UI = {
  validationErrorTitle: "Validation Error",
  errorTitle: "Error",
  createCourseFailed: "Failed to create course. Please try again.",
  accessDeniedTitle: "Access Denied",
  accessDeniedCourse: "You don't have permission to access this course.",
  courseNotFoundTitle: "Course Not Found",
  courseNotFoundBody: "The course you're looking for doesn't exist.",
  loadDetailFailed: "Failed to load course details. Please try again.",
  loadCourseFailed: "Failed to load course. Please try again.",
  noCourseAccess: "You do not have access to this course",
  saveSettingsFailed: "Failed to save course settings.",
  addUsersFailed: "Failed to add users to course.",
  removeStudentFailed: "Failed to remove student from course.",
  updateStatusFailed: "Failed to update course status.",
  deleteCourseFailed: "Failed to delete course.",
  downloadFailedTitle: "Download Failed",
  noDownloadUrl: "No download URL available for this resource",
  successTitle: "Success!",
  createItemFailed: "Failed to create item. Please try again.",
  uploadFailed: "Failed to upload files. Please try again.",
  filesUploaded: "Files uploaded successfully.",
  noContentFiles: "No content files available",
  lessonNotFoundTitle: "Lesson Not Found",
  lessonNotFoundBody: "This lesson doesn't exist or is no longer available.",
} as const;

/** 'Success!' with '{kind} created successfully.' */
export const itemCreatedMessage = (kind: string) => `${kind} created successfully.`;

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);
const serverMessageOf = (error: unknown) => (error instanceof ApiError ? error.localMessage : undefined);

/** Spec §8 "Create item failure". */
export function createItemFailure(error: unknown): string {
  switch (statusOf(error)) {
    case 404:
      return "Module not found. The database has been refreshed. Please refresh the page.";
    case 401:
      return "Authentication error. Please try again.";
    case 403:
      return "You don't have permission to perform this action.";
    default:
      return serverMessageOf(error) ?? COURSE_UI.createItemFailed;
  }
}

/** Spec §8 "File upload failure". */
export function uploadFailure(error: unknown): string {
  switch (statusOf(error)) {
    case 404:
      return "Lesson or module not found. Please refresh the page and try again.";
    case 401:
      return "Authentication error. Please try again.";
    case 403:
      return "You don't have permission to upload files to this lesson.";
    case 500:
      return "Server error during file upload. Please try again.";
    default:
      return serverMessageOf(error) ?? COURSE_UI.uploadFailed;
  }
}

/** Spec §8 "Create course failure": the joined messages of `errors`, else the message, else the default. */
export function createCourseFailure(error: unknown): string {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors.map(fieldMessage).join(", ");
  return serverMessageOf(error) ?? COURSE_UI.createCourseFailed;
}
