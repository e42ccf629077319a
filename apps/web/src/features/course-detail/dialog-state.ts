import type { CourseModule, Lesson, LessonFile } from "@lms/contract";

export type ItemKind = "module" | "lesson" | "material" | "announcement";

/** A module, lesson or lesson file a manager asked to delete, with what its confirmation names. */
export type ContentDeleteTarget =
  | { kind: "module"; module: CourseModule }
  | { kind: "lesson"; moduleId: string; lesson: Lesson }
  | { kind: "file"; moduleId: string; lesson: Lesson; file: LessonFile };

/** Which course dialog is open: create an item, add files or tool content, edit a module or lesson, or confirm a delete. */
export type CourseDialog =
  | { type: "create"; kind: ItemKind; moduleId?: string }
  | { type: "files"; moduleId: string; lesson?: Lesson }
  | { type: "edit-module"; module: CourseModule }
  /** Add lessons from an LTI tool: by deep linking, or as a plain link to the tool. */
  | { type: "lti"; module: CourseModule }
  | { type: "edit-lesson"; moduleId: string; lesson: Lesson }
  /** `trigger` is the delete button that opened it: focus returns there after a cancel, or leaves from there to a neighbour. */
  | { type: "delete-content"; target: ContentDeleteTarget; trigger: HTMLElement }
  | null;

export type OpenDialog = (dialog: CourseDialog) => void;
