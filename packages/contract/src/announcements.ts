import { z } from "zod";
import { envelope, paginationQuerySchema, paginationSchema } from "./common.js";
import { MESSAGES } from "./messages.js";

const titleSchema = z
  .string({ error: MESSAGES.titleRequired })
  .trim()
  .min(1, MESSAGES.titleRequired)
  .max(200, MESSAGES.titleTooLong);
const textSchema = z.string().trim().max(10_000, MESSAGES.descriptionTooLong);

export const announcementCreateSchema = z.object({
  title: titleSchema,
  description: textSchema.default(""),
  content: textSchema.default(""),
});
export const announcementUpdateSchema = z.object({
  title: titleSchema.optional(),
  description: textSchema.optional(),
  content: textSchema.optional(),
});
export type AnnouncementCreate = z.infer<typeof announcementCreateSchema>;
export type AnnouncementUpdate = z.infer<typeof announcementUpdateSchema>;

export const announcementSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  author: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementListQuerySchema = paginationQuerySchema;
export const announcementListResponseSchema = envelope(
  z.object({ announcements: z.array(announcementSchema), pagination: paginationSchema }),
);
export const announcementResponseSchema = envelope(z.object({ announcement: announcementSchema }));
