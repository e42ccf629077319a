import {
  type CourseDetail,
  type CourseProgress,
  courseDetailSchema,
  type Enrollment,
  type FileProgress,
  type Session,
} from "@lms/contract";
import type { z } from "zod";
import { joinJsonChunks } from "../../http/json-chunks.js";
import { type LearningPath, lessonViewed, nextLessonId } from "./learning-path.js";

/**
 * The course detail answer is the largest one learners fetch, so it is rendered from a template
 * made once per course snapshot. The template is the whole answer, validated by the response
 * schema's parts and serialised, with a slot wherever a reader's own value goes: each file's
 * progress, whether each syllabus lesson was viewed, the next lesson, the course progress, the
 * enrollment, canManage and the sessions (their displayed status follows the clock). Per request only the slots are written, from typed
 * presenters (the detail tests check whole answers against the schema), into one Buffer.
 */
const PER_READER = {
  syllabus: true,
  prerequisites: true,
  nextLessonId: true,
  progress: true,
  enrollment: true,
  canManage: true,
  sessions: true,
} as const;
const LISTS = { modules: true, materials: true, announcements: true } as const;
const courseFieldsSchema = courseDetailSchema.omit({ ...PER_READER, ...LISTS });

type Slot =
  | { kind: "fileProgress"; fileId: string }
  | { kind: "lessonViewed"; fileIds: string[] }
  | { kind: "nextLesson"; syllabus: LearningPath["syllabus"] }
  | { kind: "courseProgress" }
  | { kind: "enrollment" }
  | { kind: "canManage" }
  | { kind: "sessions" };

/** The answer cut at its slots: parts[i] + value(slots[i]) + parts[i + 1] ... */
export interface DetailTemplate {
  parts: Buffer[];
  slots: Slot[];
}

export interface ReaderState {
  progressByFile: Map<string, FileProgress>;
  progress: CourseProgress | null;
  enrollment: Enrollment | null;
  canManage: boolean;
  sessions: Session[];
}

/**
 * A slot is marked by a negative number under one of these keys, which the shared data never holds
 * as a number; user text cannot produce the pattern unquoted, as its quotes are escaped.
 */
const SLOT_MARKER = /"(?:progress|viewed|nextLessonId|enrollment|canManage|sessions)":(-\d+)(?=[,}])/g;

export function detailTemplate(shared: {
  courseFields: z.input<typeof courseFieldsSchema>;
  path: LearningPath;
  modules: CourseDetail["modules"];
  materials: CourseDetail["materials"];
  announcements: CourseDetail["announcements"];
}): DetailTemplate {
  const marked: Slot[] = [];
  const mark = (slot: Slot) => -marked.push(slot);
  const course = {
    ...courseFieldsSchema.parse(shared.courseFields),
    syllabus: shared.path.syllabus.map((s) => ({
      _id: s._id,
      title: s.title,
      viewed: mark({ kind: "lessonViewed", fileIds: s.fileIds }),
    })),
    prerequisites: shared.path.prerequisites,
    nextLessonId: mark({ kind: "nextLesson", syllabus: shared.path.syllabus }),
    progress: mark({ kind: "courseProgress" }),
    enrollment: mark({ kind: "enrollment" }),
    canManage: mark({ kind: "canManage" }),
    sessions: mark({ kind: "sessions" }),
    modules: courseDetailSchema.shape.modules.parse(shared.modules).map((m) => ({
      ...m,
      lessons: m.lessons.map((l) => ({
        ...l,
        files: l.files.map((f) => ({ ...f, progress: mark({ kind: "fileProgress", fileId: f._id }) })),
      })),
    })),
    materials: courseDetailSchema.shape.materials.parse(shared.materials),
    announcements: courseDetailSchema.shape.announcements.parse(shared.announcements),
  };
  const json = JSON.stringify({ success: true, data: { course } });
  const parts: Buffer[] = [];
  const slots: Slot[] = [];
  let from = 0;
  for (const match of json.matchAll(SLOT_MARKER)) {
    const [whole, marker] = match as unknown as [string, string];
    const slot = marked[-Number(marker) - 1];
    if (!slot) throw new Error(`course detail template: unknown slot ${marker}`);
    parts.push(Buffer.from(json.slice(from, match.index + whole.length - marker.length)));
    slots.push(slot);
    from = match.index + whole.length;
  }
  if (slots.length !== marked.length) throw new Error("course detail template: a slot was not found");
  parts.push(Buffer.from(json.slice(from)));
  return { parts, slots };
}

const TRUE = Buffer.from("true");
const FALSE = Buffer.from("false");
const NULL = Buffer.from("null");
const flag = (value: boolean) => (value ? TRUE : FALSE);

const numberJson = (n: number) => (Number.isFinite(n) ? String(n) : "0");

/** A file's `progress` value, written key by key (the lesson file schema's four) from a typed record. */
const fileProgressJson = (p: FileProgress) =>
  `{"position":${numberJson(p.position)},"duration":${numberJson(p.duration)},` +
  `"completed":${p.completed ? "true" : "false"},"viewedAt":${JSON.stringify(p.viewedAt)}}`;

function slotValue(slot: Slot, reader: ReaderState): Buffer | string {
  switch (slot.kind) {
    case "fileProgress": {
      const progress = reader.progressByFile.get(slot.fileId);
      return progress ? fileProgressJson(progress) : NULL;
    }
    case "lessonViewed":
      return flag(lessonViewed(slot.fileIds, reader.progressByFile));
    case "nextLesson":
      return JSON.stringify(nextLessonId(slot.syllabus, (id) => reader.progressByFile.get(id)?.completed ?? false));
    case "courseProgress":
      return JSON.stringify(reader.progress);
    case "enrollment":
      return JSON.stringify(reader.enrollment);
    case "canManage":
      return flag(reader.canManage);
    case "sessions":
      return JSON.stringify(reader.sessions);
  }
}

/** The whole `{ success, data: { course } }` answer for one reader. */
export function renderDetail(template: DetailTemplate, reader: ReaderState): Buffer {
  const { parts, slots } = template;
  const chunks: (Buffer | string)[] = [];
  slots.forEach((slot, i) => {
    chunks.push(parts[i] as Buffer, slotValue(slot, reader));
  });
  chunks.push(parts[slots.length] as Buffer);
  return joinJsonChunks(chunks);
}
