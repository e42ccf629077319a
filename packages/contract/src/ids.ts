import { z } from "zod";
import { OBJECT_ID_PATTERN } from "./constants.js";
import { MESSAGES } from "./messages.js";

/** Course and user ids with the spec's own messages (§5 "Add students to a course"). */
export const courseIdSchema = z.string().regex(OBJECT_ID_PATTERN, MESSAGES.invalidCourseId).toLowerCase();
export const userIdSchema = z.string().regex(OBJECT_ID_PATTERN, MESSAGES.invalidUserId).toLowerCase();
export const idSchema = z.string().regex(OBJECT_ID_PATTERN, MESSAGES.invalidId).toLowerCase();

export const courseParamsSchema = z.object({ id: courseIdSchema });
export const moduleParamsSchema = courseParamsSchema.extend({ moduleId: idSchema });
export const lessonParamsSchema = moduleParamsSchema.extend({ lessonId: idSchema });
export const lessonFileParamsSchema = lessonParamsSchema.extend({ fileId: idSchema });
export const materialParamsSchema = courseParamsSchema.extend({ materialId: idSchema });
export const announcementParamsSchema = courseParamsSchema.extend({ announcementId: idSchema });
export const enrollmentParamsSchema = courseParamsSchema.extend({ userId: userIdSchema });
export const courseLessonParamsSchema = courseParamsSchema.extend({ lessonId: idSchema });
export const categoryParamsSchema = z.object({ id: idSchema });

/** A signed, expiring media link (ARCHITECTURE §5): `?expires=<unix seconds>&sig=<hmac>`. */
export const signedMediaQuerySchema = z.object({
  expires: z.string().regex(/^\d{1,12}$/, MESSAGES.invalidMediaLink),
  sig: z.string().min(1, MESSAGES.invalidMediaLink).max(100, MESSAGES.invalidMediaLink),
  download: z.enum(["0", "1"]).optional(),
});
export const mediaParamsSchema = z.object({ fileId: idSchema });
export const signedMaterialParamsSchema = z.object({ materialId: idSchema });
