import type { CourseDetail, CourseModule, FileProgress } from "@lms/contract";

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

/** The path as one reader walked it: lessons viewed once any file was opened, videos completed. */
export function walkedPath(
  path: LearningPath,
  progressByFile: Map<string, FileProgress>,
): Pick<CourseDetail, "syllabus" | "prerequisites"> {
  return {
    syllabus: path.syllabus.map((s) => ({
      _id: s._id,
      title: s.title,
      viewed: s.fileIds.some((id) => progressByFile.has(id)),
    })),
    prerequisites: path.prerequisites.map((p) => ({
      title: p.title,
      type: p.type,
      completed: p.fileId ? (progressByFile.get(p.fileId)?.completed ?? false) : false,
    })),
  };
}
