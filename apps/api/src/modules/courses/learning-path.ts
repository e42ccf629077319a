import type { CourseModule, FileProgress } from "@lms/contract";

/** The syllabus and prerequisites of a course as everyone sees them, with the files that tick them. */
export interface LearningPath {
  syllabus: { _id: string; title: string; fileIds: string[] }[];
  prerequisites: { title: string; type: string; fileId: string | null }[];
}

/** One syllabus item per lesson; prerequisites are the requirements, then the first module's videos. */
export function learningPathOf(modules: CourseModule[], requirements: string[]): LearningPath {
  const firstVideos = (modules[0]?.lessons ?? []).flatMap((l) =>
    l.files
      .filter((f) => f.type.startsWith("video/"))
      .map((f, _, videos) => ({
        title: videos.length > 1 ? `${l.title} (${f.name})` : l.title,
        type: "video",
        fileId: f._id,
      })),
  );
  return {
    syllabus: modules.flatMap((m) =>
      m.lessons.map((l) => ({ _id: l._id, title: l.title, fileIds: l.files.map((f) => f._id) })),
    ),
    prerequisites: [...requirements.map((title) => ({ title, type: "requirement", fileId: null })), ...firstVideos],
  };
}

/** A syllabus lesson counts as viewed once any of its files was opened. */
export const lessonViewed = (fileIds: string[], progressByFile: Map<string, FileProgress>): boolean =>
  fileIds.some((id) => progressByFile.has(id));

/** A prerequisite counts as completed once its video is; a stated requirement never is. */
export const prerequisiteCompleted = (fileId: string | null, progressByFile: Map<string, FileProgress>): boolean =>
  fileId ? (progressByFile.get(fileId)?.completed ?? false) : false;
