import { type CourseDetail, courseDetailSchema, type FileProgress } from "@lms/contract";
import type { z } from "zod";

/**
 * The course detail answer is the largest one learners fetch, so it is serialised in parts: what
 * every reader of the course sees alike is validated and serialised once per snapshot, and only
 * the reader's own part (progress, enrollment, syllabus) per request. The shared parts go through
 * their response schemas; the reader's part is built by typed presenters, key by key, and written as
 * is (the detail tests check the whole answer against the schema).
 */
const PER_READER = { syllabus: true, prerequisites: true, progress: true, enrollment: true, canManage: true } as const;
const LISTS = { modules: true, materials: true, announcements: true } as const;
const courseFieldsSchema = courseDetailSchema.omit({ ...PER_READER, ...LISTS });

type CourseFields = z.input<typeof courseFieldsSchema>;
type ReaderFields = Pick<CourseDetail, keyof typeof PER_READER>;

/** The content tree's JSON cut at each file's `progress` value: parts[i] + progress(fileIds[i]) + parts[i + 1]. */
interface ProgressSlots {
  parts: string[];
  fileIds: string[];
}

export interface SerialisedShared {
  /** `"key":value,...` of the course's own fields and stats, without braces. */
  courseFields: string;
  modules: ProgressSlots;
  materials: string;
  announcements: string;
}

const withoutBraces = (objectJson: string) => objectJson.slice(1, -1);

/** Marks each file's progress with a negative number (user text cannot produce one unquoted there). */
function progressSlots(modules: CourseDetail["modules"]): ProgressSlots {
  const fileIds: string[] = [];
  const marked = modules.map((m) => ({
    ...m,
    lessons: m.lessons.map((l) => ({
      ...l,
      files: l.files.map((f) => ({ ...f, progress: -fileIds.push(f._id) })),
    })),
  }));
  const parts = JSON.stringify(marked).split(/"progress":-\d+(?=[,}])/);
  return { parts: parts.map((p, i) => (i < parts.length - 1 ? `${p}"progress":` : p)), fileIds };
}

export function serialiseShared(shared: {
  courseFields: CourseFields;
  modules: CourseDetail["modules"];
  materials: CourseDetail["materials"];
  announcements: CourseDetail["announcements"];
}): SerialisedShared {
  return {
    courseFields: withoutBraces(JSON.stringify(courseFieldsSchema.parse(shared.courseFields))),
    modules: progressSlots(courseDetailSchema.shape.modules.parse(shared.modules)),
    materials: JSON.stringify(courseDetailSchema.shape.materials.parse(shared.materials)),
    announcements: JSON.stringify(courseDetailSchema.shape.announcements.parse(shared.announcements)),
  };
}

const numberJson = (n: number) => (Number.isFinite(n) ? String(n) : "0");

/** A file's `progress` value, written key by key (the lesson file schema's four) from a typed record. */
const fileProgressJson = (p: FileProgress) =>
  `{"position":${numberJson(p.position)},"duration":${numberJson(p.duration)},` +
  `"completed":${p.completed ? "true" : "false"},"viewedAt":${JSON.stringify(p.viewedAt)}}`;

/** The whole `{ success, data: { course } }` answer for one reader. */
export function serialiseDetail(
  shared: SerialisedShared,
  reader: ReaderFields,
  progressByFile: Map<string, FileProgress>,
): string {
  const { parts, fileIds } = shared.modules;
  let modules = parts[0] ?? "";
  for (let i = 0; i < fileIds.length; i++) {
    const progress = progressByFile.get(fileIds[i] as string);
    modules += (progress ? fileProgressJson(progress) : "null") + parts[i + 1];
  }
  // Built by the typed presenters, so written as is; only the five keys leave.
  const { syllabus, prerequisites, progress, enrollment, canManage } = reader;
  const readerFields = withoutBraces(JSON.stringify({ syllabus, prerequisites, progress, enrollment, canManage }));
  return (
    `{"success":true,"data":{"course":{${shared.courseFields},${readerFields},"modules":${modules},` +
    `"materials":${shared.materials},"announcements":${shared.announcements}}}}`
  );
}
