import { MATERIAL_TYPES, type MaterialType } from "@lms/contract";
import { catalogueLabels } from "@/lib/catalogue-labels";

export const MATERIAL_TYPE_LABELS = catalogueLabels<MaterialType>("materialTypes");

export const isMaterialType = (value: string | null): value is MaterialType =>
  (MATERIAL_TYPES as readonly string[]).includes(value ?? "");
