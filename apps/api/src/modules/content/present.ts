import type { CourseModule, Lesson, LessonFile } from "@lms/contract";
import { fromFlag } from "../../db/ids.js";
import type { UrlSigner } from "../../storage/signed-urls.js";
import { lessonFileLti } from "../lti/lesson-file.js";
import type { LessonFileRow, LessonRow, ModuleRow } from "./repo.js";

/** The signed path of a lesson file, served by GET /api/media/{fileId}. */
export const lessonFileUrl = (signer: UrlSigner, fileId: string) => signer.sign(`/api/media/${fileId}`);

export function presentLessonFile(row: LessonFileRow, signer: UrlSigner): LessonFile {
  const lti = lessonFileLti(row);
  return {
    _id: row.id,
    name: row.name,
    type: row.mime,
    size: row.size,
    url: lessonFileUrl(signer, row.id),
    createdAt: row.created_at,
    progress: null,
    ...(lti ? { lti } : {}),
  };
}

export function presentLesson(row: LessonRow, files: LessonFile[]): Lesson {
  return {
    _id: row.id,
    moduleId: row.module_id,
    title: row.title,
    description: row.description,
    body: row.body,
    order: row.sort_order,
    isPublished: fromFlag(row.is_published),
    files,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentModule(row: ModuleRow, lessons: Lesson[]): CourseModule {
  return {
    _id: row.id,
    courseId: row.course_id,
    title: row.title,
    description: row.description,
    order: row.sort_order,
    lessons,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Modules with their lessons and files nested, grouped in memory from the three flat lists. */
export function presentContentTree(
  content: { modules: ModuleRow[]; lessons: LessonRow[]; files: LessonFileRow[] },
  signer: UrlSigner,
): CourseModule[] {
  const filesByLesson = groupBy(content.files, (f) => f.lesson_id);
  const lessonsByModule = groupBy(content.lessons, (l) => l.module_id);
  return content.modules.map((m) =>
    presentModule(
      m,
      (lessonsByModule.get(m.id) ?? []).map((l) =>
        presentLesson(
          l,
          (filesByLesson.get(l.id) ?? []).map((f) => presentLessonFile(f, signer)),
        ),
      ),
    ),
  );
}

export function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
