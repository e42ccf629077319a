import { MATERIAL_TYPES, type MaterialType } from "@lms/contract";

export const MATERIAL_TYPE_LABELS: Record<MaterialType, string> = {
  pdf: "PDF",
  video: "Video",
  document: "Document",
  link: "Link",
};

export const isMaterialType = (value: string | null): value is MaterialType =>
  (MATERIAL_TYPES as readonly string[]).includes(value ?? "");
