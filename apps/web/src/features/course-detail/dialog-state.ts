import type { Lesson } from "@lms/contract";

export type ItemKind = "module" | "lesson" | "material" | "announcement";

export const ITEM_LABELS: Record<ItemKind, string> = {
  module: "Module",
  lesson: "Lesson",
  material: "Material",
  announcement: "Announcement",
};

/** Which course dialog is open: the create-item dialog, or the add-files dialog of a module or lesson. */
export type CourseDialog =
  | { type: "create"; kind: ItemKind; moduleId?: string }
  | { type: "files"; moduleId: string; lesson?: Lesson }
  | { type: "edit-lesson"; moduleId: string; lesson: Lesson }
  | null;

export type OpenDialog = (dialog: CourseDialog) => void;
