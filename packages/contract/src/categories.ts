import { z } from "zod";
import { envelope } from "./common.js";
import { LIMITS } from "./constants.js";
import { MESSAGES } from "./messages.js";

export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  courseCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListResponseSchema = envelope(z.object({ categories: z.array(categorySchema) }));

export const categoryWriteSchema = z.object({
  name: z
    .string({ error: MESSAGES.categoryNameRequired })
    .trim()
    .min(1, MESSAGES.categoryNameRequired)
    .max(LIMITS.categoryNameMax, MESSAGES.categoryNameTooLong),
});
export type CategoryWrite = z.infer<typeof categoryWriteSchema>;
export const categoryResponseSchema = envelope(z.object({ category: categorySchema }));
