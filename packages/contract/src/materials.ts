import { z } from "zod";
import { envelope, objectIdSchema, paginationQuerySchema, paginationSchema } from "./common.js";
import { MESSAGES } from "./messages.js";

export const MATERIAL_TYPES = ["pdf", "video", "document", "link"] as const;
export const materialTypeSchema = z.enum(MATERIAL_TYPES);
export type MaterialType = z.infer<typeof materialTypeSchema>;

export const MATERIAL_URL_MAX = 2048;

/** Only absolute http(s) addresses with a host: never javascript:, data:, file: or a relative path. */
function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** The address of a link material. */
export const materialUrlSchema = z
  .string({ error: MESSAGES.invalidUrl })
  .trim()
  .max(MATERIAL_URL_MAX, MESSAGES.urlTooLong)
  .refine(isHttpUrl, MESSAGES.invalidUrl);

/** The text fields of the multipart material upload; `url` instead of a file makes a link material. */
export const materialFieldsSchema = z.object({
  title: z
    .string({ error: MESSAGES.titleRequired })
    .trim()
    .min(1, MESSAGES.titleRequired)
    .max(200, MESSAGES.titleTooLong),
  description: z.string().trim().max(10_000, MESSAGES.descriptionTooLong).default(""),
  url: materialUrlSchema.optional(),
});
export type MaterialFields = z.infer<typeof materialFieldsSchema>;

export const materialUpdateSchema = z.object({
  title: materialFieldsSchema.shape.title.optional(),
  description: z.string().trim().max(10_000, MESSAGES.descriptionTooLong).optional(),
  /** Only for link materials. */
  url: materialUrlSchema.optional(),
});
export type MaterialUpdate = z.infer<typeof materialUpdateSchema>;

export const materialSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  title: z.string(),
  description: z.string(),
  type: materialTypeSchema,
  downloads: z.number().int(),
  uploadDate: z.string(),
  fileName: z.string().nullable(),
  /** Files: a signed, expiring download path; links: the link itself. */
  url: z.string(),
  size: z.number().int().nullable(),
  mimeType: z.string().nullable(),
});
export type Material = z.infer<typeof materialSchema>;

export const materialListQuerySchema = paginationQuerySchema;
export const materialListResponseSchema = envelope(
  z.object({ materials: z.array(materialSchema), pagination: paginationSchema }),
);
export const materialResponseSchema = envelope(z.object({ material: materialSchema }));

/** The instructor dashboard's course materials card: newest first, with the course they belong to. */
export const dashboardMaterialsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const dashboardMaterialSchema = materialSchema.extend({ courseTitle: z.string() });
export type DashboardMaterial = z.infer<typeof dashboardMaterialSchema>;
export const dashboardMaterialsResponseSchema = envelope(
  z.object({ materials: z.array(dashboardMaterialSchema), total: z.number().int() }),
);

/** The instructor workspace's materials list: every material of the courses one manages, filtered and paged. */
export const instructorMaterialListQuerySchema = paginationQuerySchema.extend({
  courseId: objectIdSchema.optional(),
  type: materialTypeSchema.optional(),
  search: z.string().trim().max(100).optional(),
});
export type InstructorMaterialListQuery = z.infer<typeof instructorMaterialListQuerySchema>;
export const instructorMaterialListResponseSchema = envelope(
  z.object({ materials: z.array(dashboardMaterialSchema), pagination: paginationSchema }),
);
