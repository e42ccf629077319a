import { MESSAGES } from "@lms/contract";
import type { ContentTarget } from "@/api/content";
import { plural } from "@/lib/format";
import type { ContentDeleteTarget } from "../dialog-state";

interface DeleteCopy {
  title: string;
  description: string;
  confirm: string;
  /** Shown when the server sends no message of its own. */
  success: string;
  failure: string;
}

const NO_UNDO = "This action cannot be undone.";

/** What the confirmation says, and the toasts after it, for each kind of content. */
export function deleteCopy(target: ContentDeleteTarget): DeleteCopy {
  if (target.kind === "module") {
    const { title, lessons } = target.module;
    const files = lessons.reduce((sum, lesson) => sum + lesson.files.length, 0);
    const below =
      lessons.length === 0
        ? "It has no lessons."
        : `Its ${plural(lessons.length, "lesson")} and ${plural(files, "file")} are deleted with it.`;
    return {
      title: "Delete Module",
      description: `Are you sure you want to delete the module “${title}”? ${below} ${NO_UNDO}`,
      confirm: "Delete Module",
      success: MESSAGES.moduleDeleted,
      failure: "Failed to delete the module. Please try again.",
    };
  }
  if (target.kind === "lesson") {
    const { title, files } = target.lesson;
    const verb = files.length === 1 ? "is" : "are";
    const below = files.length === 0 ? "" : ` Its ${plural(files.length, "file")} ${verb} deleted with it.`;
    return {
      title: "Delete Lesson",
      description: `Are you sure you want to delete the lesson “${title}”?${below} ${NO_UNDO}`,
      confirm: "Delete Lesson",
      success: MESSAGES.lessonDeleted,
      failure: "Failed to delete the lesson. Please try again.",
    };
  }
  return {
    title: "Delete File",
    description: `Are you sure you want to delete “${target.file.name}” from the lesson “${target.lesson.title}”? ${NO_UNDO}`,
    confirm: "Delete File",
    success: MESSAGES.fileDeleted,
    failure: "Failed to delete the file. Please try again.",
  };
}

/** The ids the api needs to delete the target. */
export function contentTarget(target: ContentDeleteTarget): ContentTarget {
  if (target.kind === "module") return { kind: "module", moduleId: target.module._id };
  if (target.kind === "lesson") return { kind: "lesson", moduleId: target.moduleId, lessonId: target.lesson._id };
  return { kind: "file", moduleId: target.moduleId, lessonId: target.lesson._id, fileId: target.file._id };
}
