import { z } from "zod";
import { messageGroup } from "./catalogued-message.js";
import { envelope } from "./common.js";
import { courseSchema } from "./courses.js";

export const CC_MESSAGES = messageGroup("CC_MESSAGES", {
  imported: "Common Cartridge imported. The new course is a draft.",
  fileRequired: "Choose a Common Cartridge file (.imscc) to import",
  notCartridge: "This file is not a Common Cartridge: a zip with imsmanifest.xml is expected",
  noOrganization: "The cartridge's manifest has no organisation of items",
});

/** A resource of the cartridge the product did not take: its identifier, its type and why. */
export const ccSkippedSchema = z.object({
  identifier: z.string(),
  type: z.string(),
  reason: z.string().optional(),
});
export type CcSkipped = z.infer<typeof ccSkippedSchema>;

/** How many of each kind of row the import made. */
export const ccImportCountsSchema = z.object({
  modules: z.number().int(),
  lessons: z.number().int(),
  files: z.number().int(),
  materials: z.number().int(),
  assessments: z.number().int(),
  questions: z.number().int(),
});
export type CcImportCounts = z.infer<typeof ccImportCountsSchema>;

/** POST /api/{instructor|admin}/courses/import/cc: the new draft course, what came in and what did not. */
export const ccImportResponseSchema = envelope(
  z.object({ course: courseSchema, imported: ccImportCountsSchema, skipped: z.array(ccSkippedSchema) }),
);
export type CcImportResponse = z.infer<typeof ccImportResponseSchema>;

/** Cartridges are read in memory: at most this many MB uploaded (the unpacking limits are QTI_LIMITS'). */
export const CC_LIMITS = { maxMegabytes: 50 } as const;
